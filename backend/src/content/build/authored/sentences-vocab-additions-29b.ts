import type { AuthoredSentence } from '../sentences';
import { v } from './sentences-vocab1';

/**
 * Issue 29, item 2: sentences for the everyday loanwords and made-in-Japan English of n3/part-g.ts (Vocab II levels
 * 7 and 8), each in the Japanese sense the katakana review gives it (トレーナー the sweatshirt, バイキング the buffet,
 * テンション the mood, リストラ the lay-off), written with words of earlier levels.
 */
export const VOCAB_ADDITIONS_29B_SENTENCES: readonly AuthoredSentence[] = [
  v('トレーナー|とれーなー', '寒かったので、厚いトレーナーを着て出かけました。', 'It was cold, so I went out in a thick sweatshirt.'),
  v('カンニング|かんにんぐ', 'テストでカンニングをした学生は、先生に叱られました。', 'The student who cheated on the test was told off by the teacher.'),
  v('テンション|てんしょん', '明日から旅行なので、みんなテンションが高いです。', 'We leave on a trip tomorrow, so everyone is in high spirits.'),
  v('バイキング|ばいきんぐ', 'ホテルの朝ご飯はバイキングで、好きな物を自分で取って食べます。', 'Breakfast at the hotel is a buffet: you help yourself to whatever you like.'),
  v('リストラ|りすとら', '父の会社では、去年たくさんの社員がリストラされました。', 'At my father\'s company, a lot of employees were laid off last year.'),
  v('フリーター|ふりーたー', '兄は大学を出てから、フリーターとしてコンビニで働いています。', 'Since leaving university, my brother has been getting by on part-time work at a convenience store.'),
  v('ゲームセンター|げーむせんたー', '放課後、友達とゲームセンターで遊びました。', 'After school I hung out at the game arcade with friends.'),
  v('ガードマン|がーどまん', 'ビルの入り口にガードマンが立っています。', 'A security guard is standing at the entrance of the building.', { readings: { 入り口: 'いりぐち' } }),
  v('ランドセル|らんどせる', '春から小学生になる娘に、赤いランドセルを買いました。', 'We bought a red school backpack for our daughter, who starts primary school in the spring.'),
  v('シャープペンシル|しゃーぷぺんしる', '試験では、シャープペンシルではなく鉛筆を使ってください。', 'In the exam, please use a pencil, not a mechanical pencil.'),
  v('ジェットコースター|じぇっとこーすたー', 'ジェットコースターは怖いので、乗りたくありません。', 'Roller coasters scare me, so I don\'t want to ride one.'),
  v('コインロッカー|こいんろっかー', '重い荷物は駅のコインロッカーに入れておきました。', 'I left my heavy bags in a coin locker at the station.'),
  v('マニキュア|まにきゅあ', '姉は爪に赤いマニキュアを塗っています。', 'My sister has red polish on her nails.'),
  v('ピアス|ぴあす', '彼女は耳に小さいピアスをしています。', 'She wears small earrings in her pierced ears.'),
  v('ペンキ|ぺんき', '週末に、家の壁を白いペンキで塗りました。', 'At the weekend I painted the wall of the house white.'),
  v('ヨーグルト|よーぐると', '毎朝、果物を入れたヨーグルトを食べています。', 'Every morning I have yogurt with fruit in it.'),
  v('マヨネーズ|まよねーず', 'サラダにマヨネーズをかけて食べます。', 'I eat my salad with mayonnaise on it.'),
  v('サングラス|さんぐらす', '天気がいい日は、サングラスをかけて運転します。', 'On sunny days I wear sunglasses when I drive.'),
  v('イヤホン|いやほん', '電車の中では、いつもイヤホンで音楽を聞いています。', 'On the train I always listen to music on earphones.'),
  v('トイレットペーパー|といれっとぺーぱー', 'トイレットペーパーがなくなったので、コンビニで買ってきました。', 'We had run out of toilet paper, so I went and bought some at the convenience store.'),
  v('テイクアウト|ていくあうと', '店が混んでいたので、カレーをテイクアウトして家で食べました。', 'The restaurant was crowded, so I got curry to take away and ate it at home.'),
  v('リンス|りんす', '髪を洗うときは、シャンプーをしてからリンスを使います。', 'When I wash my hair, I use conditioner after the shampoo.'),
  v('パーマ|ぱーま', '姉は髪を短く切って、パーマをかけました。', 'My sister had her hair cut short and got a perm.'),
  v('イケメン|いけめん', '新しい先生はイケメンだと、クラスの女の子たちが話しています。', 'The girls in the class are saying the new teacher is really good-looking.'),
  // Kept in the list with part g (they had been pushed out of the tail of Vocab III); their sentences as before.
  v('お大事に|おだいじに', '風邪ですか。どうぞお大事に。', 'You have a cold? Please take care of yourself.', { context: 'Said to someone who is ill or injured, often on parting.' }),
  v('快速|かいそく', '快速は小さい駅には止まりません。', 'The rapid train doesn\'t stop at small stations.'),
];
