import type { AuthoredSentence } from '../sentences';
import { v } from './sentences-vocab1';

/**
 * Level 1 (the free taster) without a sentence so far, part 2a: mostly Vocab III level 1. Learners there know
 * Vocab I and II, so those words are used freely besides the target; formal or literary targets carry a context note.
 */
export const LEVEL1_GAP_SENTENCES_2A: readonly AuthoredSentence[] = [
  v('狙い|ねらい', 'この計画の狙いを説明してください。', 'Please explain the aim of this plan.'),
  v('果てる|はてる', '一日中歩いて、疲れ果てました。', 'I walked all day and was completely worn out.', {
    readings: { 中: 'じゅう' },
    meanings: { 疲れ: 'tired (疲れる; 疲れ果てる: to be worn out)' },
  }),
  v('つつく|つつく', '友達が指で私の肩をつつきました。', 'My friend poked me on the shoulder with a finger.'),
  v('境界|きょうかい', 'この川が二つの町の境界です。', 'This river is the boundary between the two towns.'),
  v('跡|あと', '雪の上に、猫が歩いた跡がありました。', 'There were tracks in the snow where a cat had walked.'),
  v('黄金|こがね', '秋になると、田んぼが黄金色に変わります。', 'In autumn the rice fields turn golden.', {
    readings: { 黄金: 'こがね', 色: 'いろ' },
    context: 'こがね is the poetic reading, mostly in 黄金色 (golden); the metal itself is usually 金 or 黄金 (おうごん).',
  }),
  v('何にも|なんにも', '冷蔵庫の中に何にもありません。', 'There\'s nothing at all in the fridge.', {
    readings: { 何: 'なん' },
    context: 'Spoken, a little more emphatic than 何も.',
  }),
  v('ドクター|どくたー', 'チームのドクターに、けがを診てもらいました。', 'The team doctor looked at my injury.', {
    context: 'ドクター is used for team or hospital doctors and for doctorates; the everyday word is 医者.',
  }),
  v('一切|いっさい', '彼はお酒を一切飲みません。', 'He doesn\'t drink alcohol at all.'),
  v('誤る|あやまる', '使い方を誤ると、危険です。', 'It\'s dangerous if you use it the wrong way.'),
  v('第二|だいに', '日本は私の第二のふるさとです。', 'Japan is my second home.'),
  v('一歩|いっぽ', '一歩前に出てください。', 'Please take a step forward.', { readings: { 一: 'いっ', 歩: 'ぽ' } }),
  v('一足|ひとあし', '私は一足先に帰りますね。', 'I\'ll head home a little ahead of you.', {
    readings: { 一足: 'ひとあし' },
    target: '一足',
  }),
  v('武士|ぶし', 'この町には、武士の家が今も残っています。', 'Samurai houses still stand in this town.'),
  v('ブルー|ぶるー', '妹の誕生日にブルーのセーターを買いました。', 'I bought my younger sister a blue sweater for her birthday.'),
  v('延びる|のびる', '雨で運動会が来週に延びました。', 'Because of the rain, the sports day was put off until next week.'),
  v('行き来|いきき', '隣の家とは、昔からよく行き来しています。', 'We and our neighbours have visited each other a lot for years.', {
    readings: { 行き来: 'いきき' },
  }),
  v('ボーイ|ぼーい', 'ホテルのボーイが荷物を部屋まで運んでくれました。', 'The hotel bellboy carried our bags up to the room.'),
  v('カッター|かったー', 'カッターで箱を開けました。', 'I opened the box with a box cutter.'),
  v('こけ|こけ', '古いお寺の庭に、こけが生えています。', 'Moss is growing in the garden of the old temple.'),
  v('アイス|あいす', 'コーヒーはホットとアイス、どちらにしますか。', 'Would you like your coffee hot or iced?', {
    context: 'On its own, アイス usually means ice cream.',
  }),
  v('乗り|のり', '自転車の二人乗りは禁止されています。', 'Riding two to a bicycle is not allowed.', {
    ruby: '自転車[じてんしゃ]の二人[ふたり]乗[の]りは禁止[きんし]されています。',
  }),
  v('何かと|なにかと', '年末は何かと忙しいです。', 'The end of the year is busy, what with one thing and another.'),
  v('手入れ|ていれ', '庭の手入れは父の仕事です。', 'Looking after the garden is my father\'s job.'),
  v('丸々|まるまる', '丸々とした赤ちゃんが笑っています。', 'A chubby baby is smiling.'),
  v('ハット|はっと', '祖父はいつもハットをかぶって出かけます。', 'My grandfather always wears a hat when he goes out.'),
  v('たんす|たんす', '冬の服をたんすにしまいました。', 'I put my winter clothes away in the chest of drawers.'),
  v('セカンド|せかんど', '彼は野球部でセカンドを守っています。', 'He plays second base on the baseball team.', {
    context: 'On its own, セカンド is usually second base; otherwise it appears in compounds like セカンドオピニオン.',
  }),
  v('施行|しこう', '新しい法律は来年の四月に施行されます。', 'The new law comes into force next April.', {
    readings: { 施行: 'しこう' },
  }),
  v('密か|ひそか', '彼は密かに会社を辞める準備をしていました。', 'He had been secretly preparing to leave the company.'),
  v('ダブル|だぶる', 'ホテルでダブルの部屋を予約しました。', 'I booked a double room at the hotel.'),
  v('はるか|はるか', 'はるか遠くに山が見えます。', 'You can see mountains far in the distance.'),
  v('筒|つつ', 'ポスターを筒に入れて運びました。', 'I carried the poster in a tube.'),
  v('人事|ひとごと', '事故のニュースを見て、人事とは思えませんでした。', 'Seeing the news of the accident, I couldn\'t think of it as someone else\'s problem.', {
    readings: { 人事: 'ひとごと' },
    context: 'In this sense usually written 他人事 today; 人事 read じんじ means personnel.',
  }),
  v('いただける|いただける', 'すみません、お水を一杯いただけますか。', 'Excuse me, could I have a glass of water?'),
  v('まして|まして', '大人でも難しいのに、まして子供には無理です。', 'It\'s hard even for adults, let alone children.'),
  v('のち|のち', '明日は晴れのち雨でしょう。', 'Tomorrow will be sunny, with rain later.', {
    readings: { 雨: 'あめ' },
    context: 'The weather-forecast style: Aのち B means "A, later B".',
  }),
  v('ひよこ|ひよこ', 'ひよこが親鳥の後をついて歩いています。', 'The chicks are following the mother hen around.', {
    readings: { 後: 'あと' },
    meanings: { ついて: 'to follow (te-form: and …)' },
  }),
  v('不断|ふだん', '不断の努力が成功につながりました。', 'Unremitting effort led to success.', {
    context: 'Formal, mostly in 不断の努力 (constant effort). ふだん meaning "usually" is written 普段.',
  }),
  v('あら|あら', 'あら、雨が降ってきたわ。', 'Oh, it\'s started to rain.', {
    context: 'Mostly used by women, like the sentence-final わ.',
  }),
  v('木の実|このみ', 'リスが木の実を集めています。', 'A squirrel is gathering nuts.', {
    meanings: { リス: 'squirrel' },
    readings: { 木の実: 'このみ' },
    context: 'Also read きのみ.',
  }),
  v('さっと|さっと', '野菜をお湯でさっとゆでます。', 'Quickly blanch the vegetables in boiling water.'),
  v('対面|たいめん', 'ネットで友達になった人と、初めて対面しました。', 'I met a friend I\'d made online face to face for the first time.'),
  v('ふける|ふける', '彼は夜遅くまで読書にふけっていました。', 'He was absorbed in reading until late at night.'),
  v('新た|あらた', '新たな問題が見つかりました。', 'A new problem has come to light.'),
  v('ファースト|ふぁーすと', '一度でいいから、ファーストクラスに乗ってみたいです。', 'I\'d like to fly first class, just once.'),
  v('締め|しめ', 'このねじは締めが甘いので、もう少し締めてください。', 'This screw isn\'t tight enough, so please tighten it a bit more.', { target: '締め' }),
  v('半ば|なかば', '今年は三月の半ばに桜が咲きました。', 'This year the cherry blossoms came out in mid-March.'),
  v('パス|ぱす', '兄は運転免許の試験に一回でパスしました。', 'My older brother passed his driving test first time.', {
    context: 'Casual for 合格する.',
  }),
  v('つまむ|つまむ', '鼻をつまんで、苦い薬を飲みました。', 'I held my nose and took the bitter medicine.'),
  v('レビュー|れびゅー', '買う前に、ネットのレビューをよく読みます。', 'I always read the online reviews before buying.'),
  v('大概|たいがい', '日曜日は大概家にいます。', 'I\'m generally at home on Sundays.', { readings: { 家: 'いえ' } }),
  v('延ばす|のばす', '締め切りを一週間延ばしてもらいました。', 'I got the deadline put back by a week.'),
  v('殿様|とのさま', '昔、この城には殿様が住んでいました。', 'Long ago, a feudal lord lived in this castle.'),
  v('治安|ちあん', 'この辺りは治安がいいです。', 'This area is safe.'),
];
