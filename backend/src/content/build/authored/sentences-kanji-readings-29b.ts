import type { AuthoredSentence } from '../sentences';
import { r } from './sentences-vocab1';

/**
 * Issue 29, item 3, second pass: the jōyō readings that Vocab I–II words write only in another spelling
 * (authored/reading-exclusions.ts EVERYDAY_READINGS, second block). Each card shows its word in this kanji's spelling,
 * so it has its own sentence, written with the words known at the card's level; the context line says what the
 * spelling means beside the taught one (計る time, 量る weight, 測る length) or that the word is mostly kana.
 */
export const KANJI_READING_SENTENCES_29B: readonly AuthoredSentence[] = [
  // Kanji I
  r('下りる', 'おりる', '子供が木から下りてきました。', 'The child came down from the tree.', {
    target: '下りて',
    meanings: { 下りてきました: 'to come down (stairs, a slope, a tree) (polite, past, come and …)' },
    context: '下りる: going down (stairs, a slope, a tree); getting off a train or bus is 降りる.',
  }),
  r('交ぜる', 'まぜる', '赤い花と白い花を交ぜて、花瓶に入れました。', 'I mixed red and white flowers and put them in a vase.', {
    target: '交ぜて',
    context: '交ぜる: mixing things that stay distinct (red and white flowers); blending into one (paint, dough) is 混ぜる.',
  }),
  r('計る', 'はかる', '家から駅まで歩いて、時間を計りました。', 'I walked from home to the station and timed it.', {
    target: '計り',
    meanings: { 計りました: 'to measure (time); to time (polite, past)' },
    context: '計る: timing and counting (時間を計る); weight and volume are 量る, length and temperature 測る.',
  }),
  r('有る', 'ある', 'それは有り得ません。', 'That cannot happen.', {
    target: '有り',
    meanings: { 有り得ません: 'can happen; to be possible (有り得る: ある + 得る "can") (polite, negative)' },
    context: 'ある is usually written in kana; the kanji 有 shows in set forms such as 有り得る "can happen" and 有り難い "grateful".',
  }),
  r('着ける', 'つける', '祖母はいつも、同じ指輪を着けています。', 'My grandmother always wears the same ring.', {
    target: '着けて',
    meanings: { 着けています: 'to wear; to put on (a ring, a mask) (polite, ongoing / state)' },
    context: '着ける: putting on something one wears (a ring, a mask; 身に着ける); attaching is 付ける, switching on つける in kana.',
  }),
  r('無くす', 'なくす', '電車の中で傘を無くしました。', 'I lost my umbrella on the train.', {
    target: '無くし',
    context: 'なくす is also written in kana; 無 な is the な of 無い "there is none", itself mostly written ない.',
  }),
  r('量る', 'はかる', '郵便局で荷物の重さを量ってもらいました。', 'I had my parcel weighed at the post office.', {
    target: '量って',
    meanings: { 量ってもらいました: 'to weigh; to measure (weight, volume) (polite, past, have someone do)' },
    context: '量る: weight and volume (重さを量る); time is 計る, length and temperature 測る.',
  }),
  r('在る', 'ある', '先生たちは、学校の在り方を考えています。', 'The teachers are thinking about what a school should be.', {
    target: '在り',
    meanings: { 在り: 'to be; to exist', 方: 'way (of …): 在り方, how something is or should be' },
    context: 'ある is usually written in kana; 在る (being somewhere, existing) shows in 在り方 "the way something is or should be".',
  }),
  r('絶つ', 'たつ', '彼は三年前から、家族との連絡を絶っています。', 'He cut off all contact with his family three years ago.', {
    target: '絶って',
    context: '絶つ: ending a tie (連絡を絶つ); giving up a habit is 断つ (酒を断つ).',
  }),
  r('創る', 'つくる', 'この町の未来を、みんなで創りましょう。', 'Let\'s build the future of this town together.', {
    target: '創り',
    meanings: { 創りましょう: 'to create (something new) (polite, let\'s)' },
    context: '創る stresses creating something new (未来を創る), mostly in names and slogans; everyday making is 作る.',
  }),
  // Kanji II
  r('更に', 'さらに', '夜になって、雨が更に強くなりました。', 'At night the rain grew even heavier.', { context: 'Also written in kana (さらに).' }),
  r('致す', 'いたす', '明日の会議の準備は、私が致します。', 'I will prepare for tomorrow\'s meeting.', {
    target: '致し',
    context: 'Humble する. As a main verb often written 致す; after お/ご + noun (お願いいたします) style guides prefer kana, though 致します is common in e-mails.',
  }),
  r('懸かる', 'かかる', 'この試験に、私の将来が懸かっています。', 'My future depends on this exam.', {
    target: '懸かって',
    meanings: { 懸かっています: 'to be at stake; to depend on (polite, ongoing / state)' },
    context: '懸かる: to be at stake (将来が懸かる, 優勝が懸かる); hanging on a wall is 掛かる, taking time かかる in kana.',
  }),
  r('併せる', 'あわせる', '小さい学校を二つ併せて、新しい学校を作りました。', 'They merged two small schools into a new one.', {
    target: '併せて',
    meanings: { 併せて: 'to join together; to combine (te-form: and …)' },
    context: '併せる: joining two or more things into one (and 併せて "in addition" in formal writing); matching or fitting is 合わせる.',
  }),
  r('堅い', 'かたい', '姉は口が堅いので、秘密を話しても大丈夫です。', 'My sister can keep a secret, so it is safe to tell her.', {
    context: '堅い: solid, reliable (口が堅い "keeps secrets", 堅い木); hard like stone is 硬い, firm or tight 固い.',
  }),
  r('脚', 'あし', 'この椅子は脚が一本短いです。', 'One leg of this chair is shorter than the others.', {
    readings: { 脚: 'あし' },
    meanings: { 脚: 'leg (of the body; of a chair or table)' },
    context: '脚: the leg from hip to ankle, and the legs of furniture; 足 is the foot, and the leg in general.',
  }),
  r('軟らかい', 'やわらかい', '雨の後で、畑の土が軟らかくなりました。', 'After the rain, the soil in the field became soft.', {
    target: '軟らかく',
    readings: { 後: 'あと', 土: 'つち' },
    context: '軟らかい: soft as against hard (軟らかい土, 軟らかいご飯); supple or gentle is 柔らかい.',
  }),
  r('臭う', 'におう', '台所のごみが臭うので、早く出してください。', 'The kitchen rubbish smells, so please take it out soon.', {
    meanings: { 臭う: 'to smell (bad); to stink' },
    context: '臭う: to smell bad; a pleasant smell is 匂う.',
  }),
  r('搾る', 'しぼる', 'レモンを搾って、紅茶に入れました。', 'I squeezed a lemon into my tea.', {
    target: '搾って',
    meanings: { 搾って: 'to squeeze (juice, milk) (te-form: and …)' },
    context: '搾る: squeezing out juice or milk (牛の乳を搾る); wringing out a towel is 絞る.',
  }),
  // 唄 うた: with 長唄 out of the list (12-03), the card is taught as 唄う, the spelling of traditional songs.
  r('唄う', 'うたう', '村の祭りで、祖父が古い民謡を唄いました。', 'At the village festival, my grandfather sang an old folk song.', {
    target: '唄い',
    readings: { 唄: 'うた', 民謡: 'みんよう' },
    context: '唄う is written for traditional Japanese songs (民謡, 長唄, 小唄); 歌う is the everyday spelling.',
  }),
];
