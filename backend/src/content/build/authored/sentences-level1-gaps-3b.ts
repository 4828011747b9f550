import type { AuthoredSentence } from '../sentences';
import { v } from './sentences-vocab1';

/**
 * Level 1 (the free taster) without a sentence so far, part 3b: Vocab III level 1. Learners there know Vocab I and
 * II, so those words are used freely besides the target; old-fashioned, written or easily misread targets carry a note.
 */
export const LEVEL1_GAP_SENTENCES_3B: readonly AuthoredSentence[] = [
  v('足袋|たび', '着物を着るときは、白い足袋をはきます。', 'When I wear a kimono, I put on white tabi socks.'),
  v('都|みやこ', '昔はこの町が日本の都でした。', 'Long ago, this town was the capital of Japan.', {
    readings: { 都: 'みやこ' },
    context: 'Literary or historical; the capital of a modern country is 首都.',
  }),
  v('貨物|かもつ', 'この列車は人ではなく、貨物を運びます。', 'This train carries freight, not passengers.'),
  v('メーク|めーく', '出かける前に、鏡の前でメークをします。', 'Before going out, I do my make-up in front of the mirror.', {
    context: 'Also spelled メイク.',
  }),
  v('一軒|いっけん', 'この通りには、本屋が一軒しかありません。', 'There is only one bookshop on this street.', {
    readings: { 一: 'いっ', 一軒: 'いっけん' },
  }),
  v('リアル|りある', 'この絵は写真のようにリアルです。', 'This painting is as realistic as a photograph.'),
  v('街道|かいどう', 'この街道には、古い旅館が並んでいます。', 'Old inns line this highway.', {
    context: 'Above all the old roads between towns, such as the 東海道; many main roads still carry the name.',
  }),
  v('言い出す|いいだす', '最初に旅行に行こうと言い出したのは妹です。', 'It was my younger sister who first suggested going on a trip.', {
    target: '言い出し',
  }),
  v('無期|むき', '雨のため、工事は無期延期になりました。', 'Because of the rain, the construction work has been postponed indefinitely.', {
    context: 'Written style, mostly in compounds such as 無期延期 (indefinite postponement).',
  }),
  v('取り込む|とりこむ', '雨が降りそうなので、洗濯物を取り込みました。', 'It looked like rain, so I brought the washing in.', {
    readings: { 降り: 'ふり', 物: 'もの' },
    meanings: { 降りそう: 'to fall (of rain) (looks like; about to)' },
  }),
  v('要する|ようする', '橋の完成には五年を要しました。', 'The bridge took five years to complete.', {
    context: 'Formal and written; in conversation かかる or 必要だ.',
  }),
  v('一層|いっそう', '夜になって、風は一層強くなりました。', 'When night fell, the wind grew even stronger.'),
  v('ウォン|うぉん', '空港で円をウォンに替えました。', 'I changed yen into won at the airport.', {
    context: 'The currency of Korea.',
  }),
  v('鬼|おに', '日本の昔話には、よく鬼が出てきます。', 'Oni often appear in Japanese folk tales.', {
    meanings: { 出てきます: 'to appear; to come out (polite)' },
  }),
  v('グローブ|ぐろーぶ', '誕生日に父から野球のグローブをもらいました。', 'My father gave me a baseball glove for my birthday.', {
    context: 'Mostly sports gloves (baseball, boxing); ordinary gloves are 手袋.',
  }),
  v('クローズ|くろーず', 'この店は夜九時にクローズします。', 'This shop closes at nine in the evening.', {
    readings: { 九: 'く' },
    context: 'Business talk and signs; in everyday speech 閉まる.',
  }),
  v('傍ら|かたわら', '道の傍らに、小さな花が咲いていました。', 'Small flowers were blooming by the side of the road.', {
    context: 'Written style; in speech そば or 横. Also \'while doing\' (仕事の傍ら: alongside one\'s job).',
  }),
  v('居場所|いばしょ', '猫の居場所がわからなくて、家の中を探しました。', 'I didn\'t know where the cat was, so I searched the house.'),
  v('接する|せっする', 'この国は三つの国と接しています。', 'This country borders on three countries.'),
  v('呼び出し|よびだし', '空港で、私の名前の呼び出しがありました。', 'At the airport, I was paged by name.'),
  v('甲斐|かい', '頑張った甲斐があって、試験に合格しました。', 'My hard work paid off, and I passed the exam.', {
    context: 'Mostly after a verb: …甲斐がある (to be worth it); often written in kana, かい.',
  }),
  v('取り上げる|とりあげる', '今日の授業では、環境の問題を取り上げます。', 'In today\'s class, we will take up environmental problems.'),
  v('百姓|ひゃくしょう', '祖父は一生、村で百姓をしていました。', 'My grandfather farmed in the village all his life.', {
    context: 'Old-fashioned, and calling someone 百姓 can sound disparaging; today 農業 (farming) or 農家 (farmer).',
  }),
  v('引き換え|ひきかえ', 'このチケットと引き換えに、飲み物がもらえます。', 'You can get a drink in exchange for this ticket.'),
  v('商い|あきない', '祖父はこの町で五十年、商いを続けてきました。', 'My grandfather has been in trade in this town for fifty years.', {
    context: 'Old-fashioned; the everyday word is 商売.',
  }),
  v('思いっきり|おもいっきり', '試験が終わったら、思いっきり遊びたいです。', 'When the exams are over, I want to play to my heart\'s content.', {
    context: 'Casual form of 思い切り.',
  }),
  v('見込み|みこみ', '彼が勝つ見込みはほとんどありません。', 'He has almost no chance of winning.'),
  v('丈|たけ', 'このズボンは丈が少し長いです。', 'These trousers are a little too long.', {
    readings: { 丈: 'たけ' },
    meanings: { 丈: 'height; length (of clothes)' },
    context: 'The height of a person, or the length of clothes; a person\'s height is more often 背 or 身長.',
  }),
  v('言いなり|いいなり', '彼はいつも母親の言いなりです。', 'He always does whatever his mother tells him.'),
  v('具|ぐ', '子供を大人のけんかの具にしてはいけません。', 'Children must not be made a tool in adults\' quarrels.', {
    context: 'Written style in this sense; in everyday talk 具 usually means the filling or ingredients of a dish (みそ汁の具).',
  }),
  v('東洋|とうよう', '彼は東洋の文化に興味を持っています。', 'He is interested in Eastern culture.', {
    context: 'A little dated; today アジア is often used instead.',
  }),
  v('降ろす|おろす', 'すみません、駅の前で降ろしてください。', 'Excuse me, please let me off in front of the station.'),
  v('どんなに|どんなに', 'どんなに忙しくても、朝ご飯は食べます。', 'However busy I am, I always eat breakfast.'),
  v('お子さま|おこさま', 'お子さまはおいくつですか。', 'How old is your child?', {
    context: 'Very polite, as used by shop and hotel staff; among friends お子さん.',
  }),
  v('今や|いまや', '小さかった町も、今や大きな都市になりました。', 'What was once a small town has now become a big city.'),
];
