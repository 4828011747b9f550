import type { AuthoredSentence } from '../sentences';
import { v } from './sentences-vocab1';

/**
 * Vocab III, issue 29, fourth pass: the words that came in when the frequency additions (n3/part-h.ts) took the
 * places of rare, specialist and literary words (word-list.ts EXCLUDED_WORDS, "gives way to an everyday word").
 * Most of them teach a kanji or a reading the word that went out taught (悲鳴 for 鳴 after 共鳴, 購入 for 購 after
 * 購買, 海藻 for 藻 after 藻類), and they are more common than it was; 私設 and 軽量 are the last scored words,
 * back in their places. They sit at the end of Vocab III, so they are written with words of the three courses.
 */
export const VOCAB3_SENTENCES_ROUND4: readonly AuthoredSentence[] = [
  v('出荷|しゅっか', 'この農家では、毎朝とれた野菜を市場に出荷しています。', 'This farm ships the vegetables it picks to the market every morning.', { readings: { 市場: 'いちば' } }),
  v('召喚|しょうかん', 'その男性は、証人として裁判所に召喚されました。', 'The man was summoned to court as a witness.', { context: 'Legal and formal. In games and fantasy stories, 召喚 is summoning a creature.' }),
  v('吸血鬼|きゅうけつき', '弟は吸血鬼が出てくる映画を見て、夜眠れなくなりました。', 'My younger brother watched a film with vampires in it and could not sleep that night.'),
  v('四捨五入|ししゃごにゅう', '計算の答えは、四捨五入して整数で書いてください。', 'Round the answers off and write them as whole numbers.', { context: 'Literally "discard four, include five": below five rounds down, five and above rounds up.' }),
  v('天然痘|てんねんとう', '天然痘は、ワクチンのおかげで世界からなくなりました。', 'Thanks to vaccines, smallpox has disappeared from the world.'),
  v('巧妙|こうみょう', '犯人は巧妙な方法でお金を盗みました。', 'The culprit stole the money by a clever trick.'),
  v('悲鳴|ひめい', '暗い部屋で急に何かが動いて、妹は悲鳴を上げました。', 'Something suddenly moved in the dark room, and my younger sister screamed.'),
  v('慰霊|いれい', '毎年八月に、戦争で亡くなった人々の慰霊の式が行われます。', 'Every August, a memorial ceremony is held for the people who died in the war.'),
  v('憎悪|ぞうお', '戦争は、二つの国の間に深い憎悪を残しました。', 'The war left deep hatred between the two countries.', { readings: { 間: 'あいだ' }, context: 'Written and strong; in conversation, 憎しみ or 大嫌い.' }),
  v('扶養|ふよう', '兄は働きながら、年をとった両親を扶養しています。', 'My older brother works and supports our elderly parents.', { context: '扶養家族 are the dependants one supports: a word of tax and insurance forms.' }),
  v('承諾|しょうだく', '親の承諾を得て、留学することに決めました。', "With my parents' consent, I decided to study abroad.", { readings: { 得: 'え' } }),
  v('晩酌|ばんしゃく', '父は毎晩、夕食のときにビールで晩酌をします。', 'My father has a beer with his dinner every evening.', { context: '晩酌 is a drink at home with the evening meal, not a night out.' }),
  v('毒舌|どくぜつ', 'あのタレントは毒舌で人気があります。', 'That TV personality is popular for her sharp tongue.'),
  v('泥酔|でいすい', '彼は飲み会で泥酔して、駅のベンチで寝てしまいました。', 'He got blind drunk at the party and fell asleep on a bench at the station.'),
  v('海藻|かいそう', '日本人は、わかめなどの海藻をよく食べます。', 'Japanese people often eat seaweed such as wakame.', { readings: { 日本人: 'にほんじん' } }),
  v('甘味料|かんみりょう', 'このジュースには、砂糖の代わりに甘味料が使われています。', 'This juice uses sweetener instead of sugar.', { readings: { 甘味: 'かんみ' } }),
  v('甚大|じんだい', '台風で、農作物に甚大な被害が出ました。', 'The typhoon caused enormous damage to the crops.', { context: 'Formal: news reports of disasters and losses.' }),
  v('私設|しせつ', 'この町には、私設の小さな図書館があります。', 'This town has a small private library.'),
  v('紅梅|こうばい', '庭の紅梅が咲いて、春が近いことを感じました。', 'The red plum tree in the garden came into bloom, and I felt that spring was near.'),
  v('警笛|けいてき', '運転手は子供に気づいて、警笛を鳴らしました。', 'The driver noticed the child and sounded the horn.', { context: 'Formal: the horn of a car or train, on signs and in the news; in conversation, クラクション.' }),
  v('購入|こうにゅう', 'チケットはインターネットで購入できます。', 'Tickets can be bought online.', { context: 'Formal "purchase", on websites and forms; in conversation, 買う.' }),
  v('軽量|けいりょう', 'このパソコンは軽量で、持ち運びに便利です。', 'This computer is lightweight and easy to carry around.'),
  v('醜悪|しゅうあく', '遺産をめぐって、兄弟の醜悪な争いが始まりました。', 'An ugly quarrel between the brothers began over the inheritance.', { context: 'Written; it condemns conduct (an ugly fight, ugly greed), not a person\'s looks.' }),
  v('間一髪|かんいっぱつ', '間一髪で最終電車に間に合いました。', 'I caught the last train by a hair\'s breadth.'),
  v('雑踏|ざっとう', '駅前の雑踏の中で、友達を見失いました。', 'I lost sight of my friend in the crowd in front of the station.'),
  v('露呈|ろてい', 'その事故で、会社の安全管理の甘さが露呈しました。', "The accident exposed how lax the company's safety management was.", { context: 'Formal: news language.' }),
];
