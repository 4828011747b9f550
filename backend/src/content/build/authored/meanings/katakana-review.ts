/**
 * The katakana review (issue 29, item 2): every all-katakana word of the three courses read against its loan source
 * and what a Japanese speaker means by it today. These meanings replace EDICT's first gloss where that gloss is the
 * English source word rather than the Japanese one (ジャージー is a tracksuit, スクリュー a ship's propeller, ポット a
 * hot-water flask) or leaves out the everyday sense (ダイヤ the train timetable, ドライ of a person). Applied after the
 * other meaning files, so an entry here wins. A few words the review brought into the list are at the end.
 */
export const MEANINGS_KATAKANA_REVIEW: Readonly<Record<string, string>> = {
  'スマート|すまーと': 'slim; slender (of a person); stylish; smart',
  'ルーズ|るーず': 'sloppy; lax (時間にルーズ: never on time); loose (clothes)',
  'ドライ|どらい': 'unsentimental; matter-of-fact (of a person); dry',
  'ラフ|らふ': 'casual (clothes); rough (a draft, a sketch)',
  'ジャージー|じゃーじー': 'tracksuit; sweatsuit (also ジャージ); jersey (fabric)',
  'スクリュー|すくりゅー': '(ship\'s) propeller; screw',
  'ポット|ぽっと': 'thermos flask; electric hot-water pot; teapot',
  'サポーター|さぽーたー': 'supporter (of a team); (knee or elbow) support; brace',
  'ブレーク|ぶれーく': 'sudden rise to fame (ブレークする: to hit it big); break (rest)',
  'ダウン|だうん': 'going down; being laid up (風邪でダウン); down jacket',
  'ファイト|ふぁいと': 'Go for it! (a cheer); fight; fighting spirit',
  'グルメ|ぐるめ': 'foodie; gourmet; fine food (ご当地グルメ: local specialities)',
  'マネージャー|まねーじゃー': 'manager; (school sports club) team assistant',
  'エコノミー|えこのみー': 'economy class; economy',
  'ドラッグ|どらっぐ': 'drag (with a mouse); (illegal) drugs',
  'ダイヤ|だいや': 'diamond; (train) timetable (ダイヤが乱れる: trains run late)',
  'アロハ|あろは': 'aloha shirt (short for アロハシャツ); aloha',
  'アメリカン|あめりかん': 'American(-style); weak coffee (at a café)',
  'マジック|まじっく': 'magic (tricks); marker pen (マジックで書く)',
  'キャッシュ|きゃっしゅ': '(computer) cache; cash',
  'アイドル|あいどる': 'idol (young pop star, often in a group)',
  'ライブハウス|らいぶはうす': 'live music club; small concert venue',
  'ギャラ|ぎゃら': '(performer\'s) fee; appearance fee',
  'パサパサ|ぱさぱさ': 'dry and crumbly (bread, food); dry (hair)',
  // Words the review's exclusions brought into Vocab III, whose first EDICT gloss is not the everyday sense.
  'ミクロ|みくろ': 'microscopic; micro (ミクロの世界: the microscopic world)',
  'ブロック|ぶろっく': 'block (concrete, toy, city); blocking (also on social media)',
  'シェパード|しぇぱーど': 'German shepherd (dog)',
  'ヘディング|へでぃんぐ': 'header; heading the ball (football)',
  'ワゴン|わごん': 'station wagon; (serving) trolley; wagon',
  'ロッド|ろっど': 'fishing rod; rod',
  'シンクロ|しんくろ': 'synchronized swimming; being in sync',
  '快速|かいそく': 'rapid (train service, between local and express); high speed',
  '前夜|ぜんや': 'the night before; eve (of an event)',
  '生い立ち|おいたち': 'upbringing; one\'s early life; personal history',
  // Everyday loans missing from all 10,000 until issue 29 (n3/part-g.ts), where EDICT's first gloss is not the
  // Japanese use.
  'トレーナー|とれーなー': 'sweatshirt; trainer (sports, fitness, animals)',
  'テンション|てんしょん': 'mood; excitement; energy (テンションが上がる: to get excited); tension',
  'バイキング|ばいきんぐ': 'all-you-can-eat buffet; Viking',
  'リストラ|りすとら': 'lay-offs; being laid off (リストラされる); corporate restructuring',
  'フリーター|ふりーたー': 'person living on part-time jobs (not a permanent one)',
  'マニキュア|まにきゅあ': 'nail polish; manicure',
  'リンス|りんす': '(hair) conditioner; rinse',
  'ランドセル|らんどせる': 'school backpack (the stiff satchel of Japanese primary school children)',
};

/**
 * Usage notes for katakana words whose Japanese meaning a learner would get wrong from the English (wasei-eigo and
 * shifted loans: マンション is not a mansion, コンセント not consent). Shown with the word wherever it appears, like the
 * register notes of word-list.ts, which spread these in. An empty note removes the one generated from EDICT's tags.
 */
export const KATAKANA_USAGE_NOTES: Readonly<Record<string, string>> = {
  'マンション|まんしょん': 'Not a mansion: an apartment, or a block of flats (usually concrete, rented or owned). A grand house is 豪邸.',
  'コンセント|こんせんと': 'Not “consent”: a wall socket (power outlet). Made-in-Japan English (wasei-eigo).',
  'クレーム|くれーむ': 'Not a claim (a right or an assertion): a complaint, usually a customer’s to a shop or company.',
  'スマート|すまーと': 'Of a person’s build, スマート means slim; clever is 頭がいい.',
  'ワンピース|わんぴーす': 'A dress in one piece from shoulders to hem (a day dress); a formal gown is ドレス.',
  'ストーブ|すとーぶ': 'A room heater (kerosene, gas or electric), not a kitchen cooker (that is コンロ).',
  'ジャンパー|じゃんぱー': 'A casual zip-up jacket (a windbreaker), not a sweater: a British “jumper” is セーター.',
  'ジャージー|じゃーじー': 'A tracksuit (top and trousers) for P.E. or lounging, usually said ジャージ; a team shirt is ユニフォーム.',
  'トランプ|とらんぷ': 'Playing cards (from English “trump”); one card is カード.',
  'バイク|ばいく': 'A motorbike or scooter; a bicycle is 自転車.',
  'ベビーカー|べびーかー': 'A baby stroller (pushchair), not a car. Made-in-Japan English (wasei-eigo).',
  'リフォーム|りふぉーむ': 'Not “reform”: renovating a home (or altering clothes). Political reform is 改革.',
  'タレント|たれんと': 'A TV personality (a celebrity of variety shows), not a talent or skill (that is 才能).',
  'マイペース|まいぺーす': 'Doing things at one’s own pace, unbothered by others; said of a person it can mean easy-going or self-centred.',
  'シュークリーム|しゅーくりーむ': 'A cream puff (from French chou à la crème); nothing to do with shoes.',
  'マネージャー|まねーじゃー': 'In a school sports club, the マネージャー is the student who supports the team (drinks, records), not its leader.',
  'レンジ|れんじ': 'Usually the microwave oven (電子レンジ), not a cooking range.',
  'パンツ|ぱんつ': 'Children and older speakers mean underpants; in fashion パンツ means trousers. Context decides.',
  'スタイル|すたいる': 'Said of a person, スタイルがいい means having a good figure.',
  'ハンドル|はんどる': 'The steering wheel of a car or the handlebars of a bicycle; a door handle is 取っ手 or ノブ.',
  'サイン|さいん': 'A signature or an autograph; a road sign is 標識 and a shop sign 看板.',
  'ヤンキー|やんきー': 'In Japan a delinquent youth (bleached hair, loud, rebellious), not an American; often said disparagingly.',
  'ルーズ|るーず': 'Of a person, ルーズ means sloppy or lax (時間にルーズ: always late), not free or relaxed.',
  'ドライ|どらい': 'Of a person, ドライ means unsentimental and matter-of-fact, not dull or witty.',
  'ブレーク|ぶれーく': 'ブレークする is to become famous suddenly (a singer, a comedian); a rest is usually 休憩.',
  'ファイト|ふぁいと': 'ファイト! is a cheer (“Go for it!”) for someone making an effort; a fight is 喧嘩.',
  'ミシン|みしん': 'From “machine”, but it means only a sewing machine.',
  'インディアン|いんでぃあん': 'Dated and can give offence for Native Americans; today ネイティブ・アメリカン or アメリカ先住民 is preferred.',
  // EDICT tags ピザ's net-slang sense "fat person" on both spellings; nobody says ピッツァ of a person.
  'ピッツァ|ぴっつぁ': '',
  // Words of n3/part-g.ts.
  'トレーナー|とれーなー': 'Besides a coach, a トレーナー is a sweatshirt (made-in-Japan English); a hooded one is パーカー, and trainers (shoes) are スニーカー.',
  'テンション|てんしょん': 'In everyday talk not nervous tension (that is 緊張) but how excited or lively one is: テンションが高い, in high spirits.',
  'バイキング|ばいきんぐ': 'At a hotel or restaurant バイキング is an all-you-can-eat buffet (made-in-Japan sense); 食べ放題 says the same.',
  'リストラ|りすとら': 'From “restructuring”, but リストラ almost always means cutting jobs: リストラされた, I was laid off.',
  'カンニング|かんにんぐ': 'From “cunning”, but it means only cheating in a test or exam (カンニングする).',
  'マニキュア|まにきゅあ': 'Usually the nail polish itself (マニキュアを塗る, to paint one’s nails), not the beauty treatment.',
  'ピアス|ぴあす': 'An earring for pierced ears (from “pierce”); clip-on earrings are イヤリング.',
  'リンス|りんす': 'Hair conditioner, used after シャンプー; rinsing in general is すすぐ.',
  'ジェットコースター|じぇっとこーすたー': 'A roller coaster, nothing to do with jets. Made-in-Japan English (wasei-eigo).',
  'シャープペンシル|しゃーぷぺんしる': 'A mechanical pencil (made-in-Japan English), usually shortened to シャーペン.',
  'ガードマン|がーどまん': 'A security guard (at a building, a bank or road works). Made-in-Japan English (wasei-eigo).',
  'イケメン|いけめん': 'Casual (from イケてる, cool, and men or 面, face): fine among friends and on TV, not in formal writing.',
};
