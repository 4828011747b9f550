import type { AuthoredSentence } from '../sentences';
import { v } from './sentences-vocab1';

/**
 * Vocab I levels 2–5 without a sentence so far (first part). Each sentence is built from Vocab I words of the
 * target's level or lower, particles and basic grammar.
 */
export const VOCAB1_GAP_SENTENCES_A: readonly AuthoredSentence[] = [
  // Level 2
  v('とても|とても', '父の車はとても大きいです。', 'My father\'s car is very big.'),
  v('そして|そして', '駅まで歩きました。そして、電車に乗りました。', 'I walked to the station, and then I got on the train.'),

  // Level 4
  v('二月|にがつ', '二月はとても寒いです。', 'February is very cold.'),
  v('三月|さんがつ', '三月に日本へ行きます。', 'I\'m going to Japan in March.'),
  v('五月|ごがつ', '五月に友達と山に行きました。', 'In May I went to the mountains with friends.'),
  v('六月|ろくがつ', '六月は雨が多いです。', 'It rains a lot in June.'),
  v('八月|はちがつ', '八月に海で泳ぎました。', 'I swam in the sea in August.'),
  v('十月|じゅうがつ', '十月に国へ帰ります。', 'I\'m going back to my country in October.'),
  v('十一月|じゅういちがつ', '十一月に家族で旅行します。', 'We\'re going on a family trip in November.'),
  v('十二月|じゅうにがつ', '十二月はいつも忙しいです。', 'I\'m always busy in December.'),
  v('娘|むすめ', '娘は犬が大好きです。', 'My daughter loves dogs.'),
  v('高校|こうこう', '兄は高校の先生です。', 'My older brother is a high school teacher.'),
  v('寿司|すし', '昨日、友達と寿司を食べました。', 'I had sushi with a friend yesterday.'),
  v('カレー|かれー', '今晩はカレーを作ります。', 'I\'m making curry tonight.'),
  v('ラーメン|らーめん', 'あの店のラーメンは安くておいしいです。', 'The ramen at that shop is cheap and tasty.'),
  v('テニス|てにす', 'よく友達とテニスをします。', 'I often play tennis with my friends.'),
  v('コップ|こっぷ', 'テーブルの上にコップがあります。', 'There\'s a glass on the table.'),
  v('こんばんは|こんばんは', 'こんばんは。今日は寒いですね。', 'Good evening. It\'s cold today, isn\'t it?'),
  v('パーティー|ぱーてぃー', '今晩、パーティーに行きます。', 'I\'m going to a party tonight.'),

  // Level 5: counters
  v('枚|まい', 'シャツを二枚買いました。', 'I bought two shirts.', { target: '枚', meanings: { シャツ: 'shirt' } }),
  v('匹|ひき', '家に猫が二匹います。', 'We have two cats at home.', { target: '匹' }),
  v('冊|さつ', '図書館で本を三冊借りました。', 'I borrowed three books from the library.', { target: '冊' }),
  v('個|こ', '卵を三個買いました。', 'I bought three eggs.', { target: '個' }),
  v('台|だい', '家に車が二台あります。', 'We have two cars.', { target: '台' }),
  v('回|かい', '一日に三回、薬を飲みます。', 'I take the medicine three times a day.', { target: '回' }),
  v('階|かい', 'トイレは二階にあります。', 'The toilet is on the second floor.', { target: '階', context: 'Floors are counted from the ground floor (一階), so 二階 is one floor up.' }),
  v('杯|はい', 'コーヒーを二杯飲みました。', 'I drank two cups of coffee.', { target: '杯' }),
  v('一枚|いちまい', '写真を一枚撮りました。', 'I took one photo.'),
  v('一冊|いっさつ', '毎月、本を一冊読みます。', 'I read one book a month.', { readings: { 一: 'いっ' } }),
  v('一匹|いっぴき', '箱の中に小さい猫が一匹いました。', 'There was a little cat in the box.', { readings: { 一: 'いっ', 匹: 'ぴき' } }),
  v('一本|いっぽん', 'ペンを一本貸しましょうか。', 'Shall I lend you a pen?', { readings: { 一: 'いっ', 本: 'ぽん' } }),
  v('一杯|いっぱい', 'お茶をもう一杯飲みませんか。', 'Would you like another cup of tea?'),
  v('一回|いっかい', '週に一回、テニスをします。', 'I play tennis once a week.', { readings: { 一: 'いっ' } }),

  // Level 5: things and measures
  v('雲|くも', '今日は空に雲が一つもありません。', 'There isn\'t a single cloud in the sky today.'),
  v('万年筆|まんねんひつ', '父の万年筆で手紙を書きました。', 'I wrote a letter with my father\'s fountain pen.'),
  v('メートル|めーとる', '駅まで五百メートルぐらいです。', 'It\'s about five hundred metres to the station.'),
  v('グラム|ぐらむ', '肉を三百グラム買いました。', 'I bought three hundred grams of meat.', { readings: { 百: 'びゃく' }, meanings: { 肉: 'meat' } }),
  v('かぶる|かぶる', '寒いので、帽子をかぶります。', 'It\'s cold, so I\'ll put on a hat.', { target: 'かぶり' }),
  v('ぬるい|ぬるい', 'ぬるいコーヒーは好きではありません。', 'I don\'t like lukewarm coffee.'),

  // Level 5: places, school, language
  v('玄関|げんかん', '玄関で靴を脱ぎます。', 'You take off your shoes at the front door.'),
  v('庭|にわ', '庭で犬と遊びました。', 'I played with the dog in the garden.'),
  v('階段|かいだん', '毎日、階段を使います。', 'I take the stairs every day.'),
  v('建物|たてもの', 'あの高い建物は病院です。', 'That tall building is a hospital.'),
  v('うち|うち', '今日はうちで休みます。', 'I\'m staying at home and resting today.'),
  v('住所|じゅうしょ', '友達の住所を忘れました。', 'I\'ve forgotten my friend\'s address.'),
  v('交番|こうばん', '交番で道を聞きました。', 'I asked the way at the police box.', { meanings: { 聞きました: 'to ask (polite, past)' } }),
  v('郵便局|ゆうびんきょく', '郵便局は駅の前にあります。', 'The post office is in front of the station.'),
  v('大学|だいがく', '姉は大学で音楽を勉強しています。', 'My older sister studies music at university.'),
  v('教室|きょうしつ', '教室で昼ご飯を食べます。', 'We eat lunch in the classroom.', { meanings: { 昼: 'noon; midday (昼ご飯: lunch)', ご飯: 'meal; cooked rice' } }),
  v('授業|じゅぎょう', '今日は授業が三つあります。', 'I have three classes today.'),
  v('宿題|しゅくだい', '今日は宿題がたくさんあります。', 'I have a lot of homework today.'),
  v('試験|しけん', '明日、英語の試験があります。', 'I have an English exam tomorrow.'),
  v('質問|しつもん', 'すみません、質問があります。', 'Excuse me, I have a question.'),
  v('問題|もんだい', '試験の問題は難しかったです。', 'The exam questions were difficult.'),
  v('答え|こたえ', '答えがわかりません。', 'I don\'t know the answer.'),
  v('言葉|ことば', '毎日、新しい言葉を覚えます。', 'I learn new words every day.'),
  v('意味|いみ', '先生に言葉の意味を聞きました。', 'I asked the teacher what the word meant.', { meanings: { 聞きました: 'to ask (polite, past)' } }),
  v('漢字|かんじ', 'この漢字はどう読みますか。', 'How do you read this kanji?'),
  v('英語|えいご', '姉は英語が上手です。', 'My older sister is good at English.'),
  v('外国|がいこく', '兄は外国で働いています。', 'My older brother works abroad.'),

  // Level 5: getting around
  v('飛行機|ひこうき', '飛行機で国へ帰ります。', 'I\'m flying back to my country.'),
  v('自転車|じてんしゃ', '毎日、自転車で学校へ行きます。', 'I go to school by bicycle every day.'),
  v('自動車|じどうしゃ', '父は自動車の会社で働いています。', 'My father works for a car company.'),
  v('バス|ばす', '駅までバスで行きましょう。', 'Let\'s take the bus to the station.'),
  v('タクシー|たくしー', '雨なので、タクシーで帰ります。', 'It\'s raining, so I\'ll take a taxi home.', { meanings: { な: 'is (だ before ので)' } }),
  v('地下鉄|ちかてつ', '毎朝、地下鉄で会社に行きます。', 'I take the subway to work every morning.'),
  v('道路|どうろ', 'あの道路は車が多いです。', 'There\'s a lot of traffic on that road.'),
  v('橋|はし', 'あの橋を渡ると、駅があります。', 'Cross that bridge and you\'ll come to the station.'),
  v('角|かど', 'あの角に銀行があります。', 'There\'s a bank on that corner.', { readings: { 角: 'かど' } }),
  v('信号|しんごう', '信号の前で車が止まりました。', 'The car stopped at the traffic lights.', { meanings: { 止まりました: 'to stop (polite, past)' } }),
  v('地図|ちず', '地図を見ながら、駅まで歩きました。', 'I walked to the station looking at a map.'),

  // Level 5: verbs
  v('始まる|はじまる', '映画はもう始まりましたか。', 'Has the film started yet?'),
  v('終わる|おわる', '仕事は五時に終わります。', 'Work finishes at five.'),
  v('始める|はじめる', '去年、日本語の勉強を始めました。', 'I started studying Japanese last year.'),
  v('出かける|でかける', '母は買い物に出かけました。', 'My mother has gone out shopping.'),
  v('着く|つく', '家に着いたら、電話します。', 'I\'ll call you when I get home.'),
  v('止まる|とまる', '時計が止まっています。', 'The clock has stopped.'),
  v('曲がる|まがる', '銀行の前で左に曲がりました。', 'I turned left in front of the bank.'),
  v('急ぐ|いそぐ', 'もう時間がありません。急ぎましょう。', 'We\'re out of time. Let\'s hurry.'),
  v('疲れる|つかれる', 'たくさん歩いて、疲れました。', 'I walked a lot and I\'m tired.'),
  v('困る|こまる', '道がわからなくて、困りました。', 'I didn\'t know the way and was stuck.'),
  v('死ぬ|しぬ', '去年、うちの犬が死にました。', 'Our dog died last year.'),

  // Level 5: daily life and descriptions
  v('掃除|そうじ', '日曜日に部屋を掃除します。', 'I clean my room on Sundays.'),
  v('洗濯|せんたく', '毎週、土曜日に洗濯をします。', 'I do the laundry every Saturday.'),
  v('散歩|さんぽ', '毎朝、犬と散歩します。', 'I go for a walk with my dog every morning.'),
  v('電気|でんき', '寝る前に電気を消します。', 'I turn off the light before I go to bed.', { meanings: { 消します: 'to turn off; to put out (polite)' } }),
  v('練習|れんしゅう', '毎日ピアノを練習しています。', 'I practise the piano every day.'),
  v('簡単|かんたん', '昨日のテストは簡単でした。', 'Yesterday\'s test was easy.'),
  v('丈夫|じょうぶ', '丈夫な靴を買いました。', 'I bought some sturdy shoes.'),
  v('暇|ひま', '明日は暇ですか。', 'Are you free tomorrow?'),
  v('嫌|いや', '一人で行くのは嫌です。', 'I don\'t want to go on my own.', { ruby: '一人[ひとり]で行[い]くのは嫌[いや]です。' }),
  v('若い|わかい', '先生はとても若いです。', 'Our teacher is very young.'),
  v('かわいい|かわいい', 'かわいい犬ですね。', 'What a cute dog!'),
  v('汚い|きたない', '弟の部屋はとても汚いです。', 'My little brother\'s room is really dirty.'),
  v('危ない|あぶない', '危ない！車が来ますよ。', 'Look out! There\'s a car coming.'),
  v('痛い|いたい', '昨日から頭が痛いです。', 'I\'ve had a headache since yesterday.'),
];
