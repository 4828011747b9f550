import type { AuthoredSentence } from '../sentences';
import { r, v } from './sentences-vocab1';

/**
 * Issue 29, item 3: the everyday kun readings the kanji cards lacked (authored/reading-exclusions.ts
 * EVERYDAY_READINGS). Most are taught with a course word in its kanji spelling (のど as 喉, 外 as 他, 聞く as 聴く),
 * so the card has its own sentence written with that spelling; 翼 and 牙 are words new to the list (n3/part-f.ts).
 */
export const KANJI_READING_SENTENCES_29: readonly AuthoredSentence[] = [
  // Kanji I
  r('他', 'ほか', '他に質問はありますか。', 'Are there any other questions?', { readings: { 他: 'ほか' } }),
  r('街づくり', 'まちづくり', '駅の周りの街づくりについて、市民が話し合いました。', 'Residents talked about how to develop the area around the station.'),
  r('綿', 'わた', '祖母は畑で綿を育てています。', 'My grandmother grows cotton in her field.', { readings: { 綿: 'わた' } }),
  r('要', 'かなめ', '山田さんはこのチームの要です。', 'Yamada is the linchpin of this team.', { readings: { 要: 'かなめ' } }),
  r('造る', 'つくる', 'この町では昔から酒を造っています。', 'This town has brewed sake since long ago.', { target: '造って' }),
  r('易しい', 'やさしい', 'このテストは思ったより易しかったです。', 'This test was easier than I thought.', { target: '易しかった' }),
  r('全て', 'すべて', '宿題は全て終わりました。', 'I have finished all my homework.'),
  // Kanji II
  r('喉', 'のど', '風邪を引いて、喉が痛いです。', 'I have a cold and my throat hurts.'),
  r('猿', 'さる', '山の温泉に猿が入っていました。', 'There were monkeys in the mountain hot spring.'),
  r('鯨', 'くじら', '船の上から大きな鯨が見えました。', 'We saw a big whale from the boat.'),
  r('既に', 'すでに', '駅に着いた時、電車は既に出ていました。', 'When I got to the station, the train had already left.'),
  r('捜す', 'さがす', '警察がいなくなった子供を捜しています。', 'The police are searching for the missing child.', { target: '捜して' }),
  r('闘う', 'たたかう', '祖父は三年間、病気と闘いました。', 'My grandfather fought his illness for three years.', { target: '闘い' }),
  r('聴く', 'きく', '寝る前に好きな音楽を聴きます。', 'I listen to my favourite music before going to bed.', { target: '聴き' }),
  r('雄', 'おす', 'うちの犬は雄で、名前はタロウです。', 'Our dog is a male, and his name is Taro.', { readings: { 雄: 'おす' } }),
  r('雌', 'めす', 'この猫は雌で、とてもおとなしいです。', 'This cat is a female and very gentle.', { readings: { 雌: 'めす' } }),
  r('蛍', 'ほたる', '夏の夜、川の近くで蛍を見ました。', 'On a summer night, I saw fireflies near the river.'),
  r('寄附', 'きふ', '卒業した大学に寄附をしました。', 'I made a donation to the university I graduated from.', {
    context: '寄附 is the spelling of laws and of universities (寄附金, 寄附講座); elsewhere 寄付.',
  }),
  v('翼|つばさ', '鳥が大きな翼を広げて飛んでいきました。', 'The bird spread its large wings and flew away.'),
  v('牙|きば', 'ライオンの牙はとても鋭いです。', 'A lion\'s fangs are very sharp.'),
  // 仙 セン: with 仙台 gone from the list, the card is taught with すいせん, written 水仙.
  r('水仙', 'すいせん', '庭に水仙の花が咲きました。', 'Daffodils have bloomed in the garden.', { readings: { 水仙: 'すいせん' } }),
];
