import type { AuthoredSentence } from '../sentences';
import { v } from './sentences-vocab1';

/**
 * Kanji II example words from authored/kanji-cover-words.ts (issue 17): the words that brought 30 jōyō kanji without a
 * common word into the course, and the two the list changes moved in (生殖, 侮る). Written with everyday words around
 * a word that is often written, news or formal language (noted in `context`).
 */
export const KANJI2_WORD_SENTENCES_G: readonly AuthoredSentence[] = [
  v('咽喉|いんこう', '風邪で咽喉が赤く腫れていると、医者に言われました。', 'The doctor told me my throat was red and swollen from a cold.', { meanings: { と: 'that (quoting)' }, context: 'A medical word; in everyday speech, のど.' }),
  v('憧憬|しょうけい', '彼は子供のころから、海外への憧憬を持っていました。', 'Ever since he was a child, he had longed to go abroad.', { readings: { 憧憬: 'しょうけい' }, context: 'Written language (also read どうけい); in speech, 憧れ.' }),
  v('曽祖父|そうそふ', '曽祖父は明治時代に生まれました。', 'My great-grandfather was born in the Meiji era.', { readings: { 曽祖父: 'そうそふ', 曽: 'そう' } }),
  v('瞳孔|どうこう', '暗い所では、瞳孔が大きく開きます。', 'In the dark, the pupils open wide.'),
  v('貞節|ていせつ', '昔の物語には、夫に貞節を守る妻がよく出てきます。', 'Old tales often feature wives who stay faithful to their husbands.', { context: 'Old-fashioned: marital fidelity as older morals saw it.' }),
  v('串|くし', '肉と野菜を串に刺して焼きました。', 'I put meat and vegetables on skewers and grilled them.'),
  v('隻|せき', '港に大きな船が三隻並んでいます。', 'Three large ships are lined up in the harbour.', { context: 'The counter for large ships.' }),
  v('恭しい|うやうやしい', '店員は恭しく頭を下げました。', 'The shop assistant bowed respectfully.', { target: '恭しく' }),
  v('薫る|かおる', '五月は「風薫る季節」と言われます。', 'May is called "the season of the fragrant breeze".', { target: '薫る', context: 'Poetic: 風薫る is the set phrase for early summer.' }),
  v('侮る|あなどる', '相手が子供でも、侮ってはいけません。', 'Even if your opponent is a child, you must not underestimate them.', { target: '侮っ' }),
  v('臼|うす', '祖父の家には、餅をつく臼があります。', 'My grandfather\'s house has a mortar for pounding rice cakes.', { meanings: { つく: 'to pound (rice cakes)' } }),
  v('怨恨|えんこん', '警察は、怨恨による事件だと見ています。', 'The police believe the case was motivated by a grudge.', { meanings: { と: 'that (quoting)' }, context: 'News language.' }),
  v('後嗣|こうし', 'その王には後嗣がいませんでした。', 'The king had no heir.', { context: 'Formal and historical; in everyday speech, 跡継ぎ.' }),
  v('恣意的|しいてき', 'その決定は恣意的だと批判されました。', 'The decision was criticised as arbitrary.', { meanings: { と: 'that (quoting)' }, context: 'Written language.' }),
  v('壱|いち', '領収書には「金壱万円」と書いてありました。', 'The receipt said "金壱万円" (10,000 yen).', { readings: { 壱: 'いち', 金: 'きん' }, meanings: { 金: 'the sum of (on receipts)' }, context: 'The formal numeral of receipts and contracts, which cannot be altered into another.' }),
  v('訃報|ふほう', '恩師の訃報を聞いて、とても悲しくなりました。', 'I was very sad to hear of my old teacher\'s death.', { context: 'Formal: the news of someone\'s death.' }),
  v('哺乳類|ほにゅうるい', 'クジラは魚ではなく、哺乳類です。', 'Whales are not fish but mammals.'),
  v('斤|きん', 'パン屋で食パンを一斤買いました。', 'I bought a loaf of bread at the bakery.', { readings: { 一: 'いっ' }, context: 'Today used as the counter for loaves of sliced bread.' }),
  v('弐|に', '二千円札には「弐千円」と書かれています。', 'The 2,000-yen note says "弐千円".', { readings: { 弐: 'に' }, context: 'The formal numeral of banknotes and contracts.' }),
  v('冶金|やきん', '兄は大学で冶金を研究しています。', 'My older brother does research in metallurgy at university.'),
  v('肥沃|ひよく', 'この辺りは土地が肥沃で、米がよくとれます。', 'The land around here is fertile, and rice grows well.', { readings: { 米: 'こめ' }, meanings: { 米: 'rice', とれます: 'to be harvested (polite)' } }),
  v('喝采|かっさい', '演奏が終わると、会場は拍手喝采に包まれました。', 'When the performance ended, the hall erupted in applause.'),
  v('羞恥心|しゅうちしん', 'その子は羞恥心から、顔を真っ赤にしました。', 'Out of embarrassment, the child turned bright red.', { context: 'Written language: a sense of shame.' }),
  v('右舷|うげん', '船の右舷に、小さな島が見えます。', 'A small island can be seen off the ship\'s starboard side.'),
  v('戦慄|せんりつ', 'その事件のニュースに、町の人々は戦慄しました。', 'The people of the town shuddered at the news of the incident.', { target: '戦慄', context: 'Written language.' }),
  v('辛辣|しんらつ', '彼の批評はいつも辛辣です。', 'His reviews are always scathing.'),
  v('隠蔽|いんぺい', '会社は事故の事実を隠蔽していました。', 'The company had been covering up the facts of the accident.', { context: 'News language.' }),
  v('謁見|えっけん', '大使は国王に謁見しました。', 'The ambassador was granted an audience with the king.', { context: 'Formal: meeting a monarch or a high dignitary.' }),
  v('俳諧|はいかい', '俳諧は、俳句のもとになった文学です。', 'Haikai is the literature that haiku grew out of.', { meanings: { もと: 'origin; basis' } }),
  v('国璽|こくじ', '大切な外交文書には、国璽が押されます。', 'The seal of state is stamped on important diplomatic documents.', { context: 'The seal of the state of Japan.' }),
];
