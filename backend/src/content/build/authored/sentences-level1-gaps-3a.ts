import type { AuthoredSentence } from '../sentences';
import { v } from './sentences-vocab1';

/**
 * Level 1 (the free taster) without a sentence so far, part 3a: Vocab III level 1. Learners there know Vocab I and
 * II, so those words are used freely besides the target; literary, casual or easily confused targets carry a note.
 */
export const LEVEL1_GAP_SENTENCES_3A: readonly AuthoredSentence[] = [
  v('メーカー|めーかー', 'この車は日本のメーカーが作っています。', 'This car is made by a Japanese manufacturer.'),
  v('夫人|ふじん', 'パーティーには社長夫人も来ていました。', 'The company president\'s wife was at the party too.', {
    context: 'A respectful word for someone else\'s wife, often after a name or title; never for your own wife.',
  }),
  v('あくる|あくる', 'あくる朝、町は雪で真っ白でした。', 'The next morning, the town was white with snow.', {
    context: 'Mostly in writing and stories (あくる日, あくる朝); in conversation 次の日 is more usual.',
  }),
  v('次第|しだい', '準備ができ次第、出発します。', 'We\'ll set off as soon as we\'re ready.'),
  v('品|しな', 'この店には珍しい品がたくさんあります。', 'This shop has lots of unusual items.', { readings: { 品: 'しな' } }),
  v('じかに|じかに', '大事な話なので、じかに会って話したいです。', 'It\'s important, so I want to talk to you in person.'),
  v('永久|えいきゅう', 'この美しい景色を永久に残したいです。', 'I want to preserve this beautiful scenery forever.'),
  v('連中|れんちゅう', 'あの連中とは付き合わないほうがいいよ。', 'You\'d better not hang around with that lot.', {
    context: 'Casual and often a little dismissive; not for people you respect.',
  }),
  v('衣|ころも', 'お寺の人たちは、みんな黒い衣を着ていました。', 'The people at the temple were all wearing black robes.', {
    context: 'Literary, or for robes such as a monk\'s; everyday clothes are 服. ころも is also the batter on tempura.',
  }),
  v('富む|とむ', '野菜は栄養に富んでいます。', 'Vegetables are rich in nutrients.'),
  v('知恵|ちえ', '困ったときは、祖母の知恵が役に立ちます。', 'When I\'m stuck, my grandmother\'s wisdom comes in handy.'),
  v('和尚|おしょう', 'お寺の和尚さんに昔の話を聞きました。', 'I heard stories of the old days from the priest at the temple.', {
    context: 'The priest of a temple (especially Zen), usually called 和尚さん.',
  }),
  v('愛想|あいそ', 'あの店の人はいつも愛想がいいです。', 'The people at that shop are always friendly.', {
    readings: { 愛想: 'あいそ' },
  }),
  v('歩|ほ', '彼は駅に向かって、ゆっくり歩を進めました。', 'He made his way slowly towards the station.', {
    readings: { 歩: 'ほ' },
    context: 'Written style, mostly in set phrases such as 歩を進める (to walk on, to proceed); in speech, 歩く.',
  }),
  v('隙|すき', 'カーテンの隙から、朝の光が入ってきました。', 'Morning light came in through the gap in the curtains.', {
    readings: { 隙: 'すき' },
    context: 'For a physical gap 隙間 is more usual in speech; 隙 alone also means an unguarded moment (隙を見て).',
  }),
  v('愛する|あいする', '彼は家族を心から愛しています。', 'He loves his family with all his heart.', {
    context: 'A strong word; in everyday talk people more often say 好き or 大切.',
  }),
  v('鎌|かま', '祖父は鎌で庭の草を刈っています。', 'My grandfather is cutting the grass in the garden with a sickle.'),
  v('メス|めす', '手術の前に、医者がメスを準備しています。', 'Before the operation, the doctor is getting the scalpel ready.', {
    context: 'メス also means a female animal (雌).',
  }),
  v('作法|さほう', '食事の作法は国によって違います。', 'Table manners differ from country to country.'),
  v('築く|きずく', '二人で幸せな家庭を築きたいです。', 'We want to build a happy home together.', {
    ruby: '二人[ふたり]で幸[しあわ]せな家庭[かてい]を築[きず]きたいです。',
  }),
  v('おおい|おおい', 'おおい、こっちだよ！', 'Hey! Over here!', {
    context: 'A casual call to someone some way off.',
  }),
  v('メディア|めでぃあ', 'メディアの情報をそのまま信じてはいけません。', 'You shouldn\'t take what the media says at face value.'),
  v('真っ先|まっさき', '家に帰ると、真っ先に犬が迎えに来ます。', 'When I get home, the dog is the first to come and greet me.'),
  v('とどまる|とどまる', '彼は大学にとどまって、研究を続けました。', 'He stayed on at the university and carried on with his research.'),
  v('航空|こうくう', '兄は航空会社で働いています。', 'My older brother works for an airline.'),
  v('不器用|ぶきよう', '私は不器用なので、細かい作業が苦手です。', 'I\'m clumsy, so I\'m bad at fiddly work.'),
  v('エール|えーる', 'みんなで選手たちにエールを送りましょう。', 'Let\'s all cheer the players on.'),
  v('読本|とくほん', 'この読本には短い話がたくさん入っています。', 'This reader contains lots of short stories.', {
    readings: { 読本: 'とくほん' },
    context: 'A rather old-fashioned word for a school reader; today also in the titles of guidebooks.',
  }),
  v('チキン|ちきん', '日本ではクリスマスにチキンを食べる家が多いです。', 'In Japan, many families eat chicken at Christmas.', {
    context: 'Chicken as food; the bird itself is 鶏 (にわとり).',
  }),
  v('合点|がてん', 'なるほど、それで合点がいきました。', 'I see, now it all makes sense.', {
    readings: { 合点: 'がてん' },
    meanings: { いきました: 'to go (合点がいく: to make sense, to be convinced)' },
    context: 'Mainly in 合点がいく (to make sense, to be convinced).',
  }),
  v('年頃|としごろ', '同じ年頃の子供たちが公園で遊んでいます。', 'Children of about the same age are playing in the park.'),
  v('無線|むせん', 'パイロットは無線で空港と話します。', 'Pilots talk to the airport by radio.'),
  v('わた|わた', 'この畑では、わたを育てています。', 'They grow cotton in this field.', {
    meanings: { わた: 'cotton (plant)' },
  }),
  v('はじく|はじく', '彼は指でコインをはじきました。', 'He flicked the coin with his finger.'),
  v('フード|ふーど', '雨が降ってきたので、コートのフードをかぶりました。', 'It started to rain, so I put up the hood of my coat.', {
    context: 'フード also means food, as in ファストフード.',
  }),
];
