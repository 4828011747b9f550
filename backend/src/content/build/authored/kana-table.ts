/**
 * The kana course, written by hand: every kana with its romaji (Hepburn), a pronunciation hint for an English
 * speaker, and an example word written in kana with its meaning. Hiragana examples are native words; katakana
 * examples are loanwords, as a learner meets them. Rows follow the chart order of the spec.
 *
 * Each entry: [kana, romaji, hint, example word (kana), meaning].
 */
export type KanaRow = 'a' | 'k' | 's' | 't' | 'n' | 'h' | 'm' | 'y' | 'r' | 'w' | 'g' | 'z' | 'd' | 'b' | 'p' | 'small_tsu' | 'combo';

export type AuthoredKana = readonly [kana: string, romaji: string, hint: string, example: string, meaning: string];

export interface AuthoredRow {
  row: KanaRow;
  kana: readonly AuthoredKana[];
}

/** Levels: Hiragana 1–4 and Katakana 5–8 take these row groups; combinations are level 9. */
export const KANA_LEVEL_ROWS: readonly (readonly KanaRow[])[] = [
  ['a', 'k', 's', 't'],
  ['n', 'h', 'm', 'y', 'r', 'w'],
  ['g', 'z', 'd'],
  ['b', 'p', 'small_tsu'],
];

export const HIRAGANA: readonly AuthoredRow[] = [
  { row: 'a', kana: [
    ['あ', 'a', "Like the 'a' in 'father', but short.", 'あさ', 'morning'],
    ['い', 'i', "Like the 'ee' in 'see', but short.", 'いぬ', 'dog'],
    ['う', 'u', "Like the 'oo' in 'food', short, with relaxed, unrounded lips.", 'うみ', 'sea'],
    ['え', 'e', "Like the 'e' in 'bed'.", 'えき', 'station'],
    ['お', 'o', "Like the 'o' in 'old', short, without the 'w' glide.", 'おかし', 'sweets'],
  ] },
  { row: 'k', kana: [
    ['か', 'ka', "'k' + 'a', as in 'car' without the r.", 'かさ', 'umbrella'],
    ['き', 'ki', "'k' + 'i', as in 'key'.", 'きもの', 'kimono'],
    ['く', 'ku', "'k' + a short, soft 'u'; the u is often barely heard.", 'くつ', 'shoes'],
    ['け', 'ke', "'k' + 'e', as in 'kept'.", 'けむり', 'smoke'],
    ['こ', 'ko', "'k' + 'o', as in 'coat', short.", 'こども', 'child'],
  ] },
  { row: 's', kana: [
    ['さ', 'sa', "'s' + 'a', as in 'sad' with the a of 'father'.", 'さかな', 'fish'],
    ['し', 'shi', "Like 'she', not 'see'.", 'しお', 'salt'],
    ['す', 'su', "'s' + a soft 'u'; at the end of a word (です) the u is almost silent.", 'すし', 'sushi'],
    ['せ', 'se', "'s' + 'e', as in 'set'.", 'せんせい', 'teacher'],
    ['そ', 'so', "'s' + 'o', as in 'soap', short.", 'そら', 'sky'],
  ] },
  { row: 't', kana: [
    ['た', 'ta', "'t' + 'a', with the tongue touching the back of the teeth.", 'たまご', 'egg'],
    ['ち', 'chi', "Like 'chee' in 'cheese'.", 'ちず', 'map'],
    ['つ', 'tsu', "The 'ts' of 'cats' followed by a soft 'u'.", 'つくえ', 'desk'],
    ['て', 'te', "'t' + 'e', as in 'ten'.", 'てがみ', 'letter'],
    ['と', 'to', "'t' + 'o', as in 'toe', short.", 'とり', 'bird'],
  ] },
  { row: 'n', kana: [
    ['な', 'na', "'n' + 'a', as in 'nah'.", 'なつ', 'summer'],
    ['に', 'ni', "'n' + 'i', as in 'knee'.", 'にく', 'meat'],
    ['ぬ', 'nu', "'n' + a soft 'u', as in 'noodle', short.", 'ぬいぐるみ', 'stuffed toy'],
    ['ね', 'ne', "'n' + 'e', as in 'net'.", 'ねこ', 'cat'],
    ['の', 'no', "'n' + 'o', as in 'note', short.", 'のみもの', 'drink'],
  ] },
  { row: 'h', kana: [
    ['は', 'ha', "'h' + 'a'. As the topic particle は it is read 'wa'.", 'はな', 'flower'],
    ['ひ', 'hi', "Like 'he', with a breathy h made near the front of the mouth.", 'ひと', 'person'],
    ['ふ', 'fu', "Between 'f' and 'h': blow softly through rounded lips, teeth not touching.", 'ふね', 'ship'],
    ['へ', 'he', "'h' + 'e', as in 'help'. As the direction particle へ it is read 'e'.", 'へや', 'room'],
    ['ほ', 'ho', "'h' + 'o', as in 'hope', short.", 'ほし', 'star'],
  ] },
  { row: 'm', kana: [
    ['ま', 'ma', "'m' + 'a', as in 'mama'.", 'まど', 'window'],
    ['み', 'mi', "'m' + 'i', as in 'me'.", 'みみ', 'ear'],
    ['む', 'mu', "'m' + a soft 'u', as in 'moo', short.", 'むし', 'insect'],
    ['め', 'me', "'m' + 'e', as in 'met'.", 'めがね', 'glasses'],
    ['も', 'mo', "'m' + 'o', as in 'more' without the r.", 'もも', 'peach'],
  ] },
  { row: 'y', kana: [
    ['や', 'ya', "Like 'ya' in 'yard'.", 'やま', 'mountain'],
    ['ゆ', 'yu', "Like 'you', short.", 'ゆき', 'snow'],
    ['よ', 'yo', "Like 'yo' in 'yoga'.", 'よる', 'night'],
  ] },
  { row: 'r', kana: [
    ['ら', 'ra', "A light tap of the tongue, between English r, l and d: like the 'dd' in American 'ladder'.", 'らいねん', 'next year'],
    ['り', 'ri', "Tapped r + 'i': close to 'ree' said with a quick flap.", 'りんご', 'apple'],
    ['る', 'ru', "Tapped r + a soft 'u'.", 'くるま', 'car'],
    ['れ', 're', "Tapped r + 'e', like 'reh' with a flap.", 'れいぞうこ', 'refrigerator'],
    ['ろ', 'ro', "Tapped r + 'o'.", 'いろ', 'colour'],
  ] },
  { row: 'w', kana: [
    ['わ', 'wa', "Like 'wa' in 'water', with lips barely rounded.", 'わたし', 'I, me'],
    ['を', 'wo', "Pronounced 'o'. Used only as the object particle.", 'みずをのむ', 'to drink water'],
    ['ん', 'n', "A nasal 'n' that takes a full beat of its own; before b, p or m it sounds like 'm'.", 'みかん', 'mandarin orange'],
  ] },
  { row: 'g', kana: [
    ['が', 'ga', "'g' + 'a', as in 'garden'.", 'がっこう', 'school'],
    ['ぎ', 'gi', "'g' + 'i', as in 'geese'.", 'ぎんこう', 'bank'],
    ['ぐ', 'gu', "'g' + a soft 'u', as in 'goose', short.", 'かぐ', 'furniture'],
    ['げ', 'ge', "'g' + 'e', as in 'get'.", 'げんき', 'healthy, well'],
    ['ご', 'go', "'g' + 'o', as in 'go', short.", 'ごはん', 'rice, meal'],
  ] },
  { row: 'z', kana: [
    ['ざ', 'za', "'z' + 'a'.", 'ざっし', 'magazine'],
    ['じ', 'ji', "Like 'jee' in 'jeep'.", 'じかん', 'time'],
    ['ず', 'zu', "'z' + a soft 'u'; at the start of a word closer to 'dzu'.", 'みず', 'water'],
    ['ぜ', 'ze', "'z' + 'e', as in 'zen'.", 'ぜんぶ', 'all'],
    ['ぞ', 'zo', "'z' + 'o', as in 'zone', short.", 'ぞう', 'elephant'],
  ] },
  { row: 'd', kana: [
    ['だ', 'da', "'d' + 'a'.", 'だいがく', 'university'],
    ['ぢ', 'ji', "Sounds exactly like じ; used only in a few words, mostly when ち is voiced (はな + ち → はなぢ).", 'はなぢ', 'nosebleed'],
    ['づ', 'zu', "Sounds exactly like ず; used when つ is voiced or repeated (つづく).", 'つづく', 'to continue'],
    ['で', 'de', "'d' + 'e', as in 'desk'.", 'でんわ', 'telephone'],
    ['ど', 'do', "'d' + 'o', as in 'door' without the r.", 'どうぶつ', 'animal'],
  ] },
  { row: 'b', kana: [
    ['ば', 'ba', "'b' + 'a'.", 'ばんごはん', 'dinner'],
    ['び', 'bi', "'b' + 'i', as in 'bee'.", 'えび', 'shrimp'],
    ['ぶ', 'bu', "'b' + a soft 'u'.", 'ぶた', 'pig'],
    ['べ', 'be', "'b' + 'e', as in 'bed'.", 'べんとう', 'boxed lunch'],
    ['ぼ', 'bo', "'b' + 'o', as in 'boat', short.", 'ぼうし', 'hat'],
  ] },
  { row: 'p', kana: [
    ['ぱ', 'pa', "'p' + 'a'. The little circle (maru) turns h into p.", 'かんぱい', 'cheers!'],
    ['ぴ', 'pi', "'p' + 'i', as in 'peak'.", 'えんぴつ', 'pencil'],
    ['ぷ', 'pu', "'p' + a soft 'u'.", 'きっぷ', 'ticket'],
    ['ぺ', 'pe', "'p' + 'e', as in 'pet'.", 'ぺらぺら', 'fluent'],
    ['ぽ', 'po', "'p' + 'o', as in 'post', short.", 'さんぽ', 'walk, stroll'],
  ] },
  { row: 'small_tsu', kana: [
    ['っ', '(double consonant)', "A small つ is not said: it is a one-beat pause that doubles the next consonant (きって = kit-te).", 'きって', 'postage stamp'],
  ] },
];

export const KATAKANA: readonly AuthoredRow[] = [
  { row: 'a', kana: [
    ['ア', 'a', "Like the 'a' in 'father', but short.", 'アイス', 'ice cream'],
    ['イ', 'i', "Like the 'ee' in 'see', but short.", 'インク', 'ink'],
    ['ウ', 'u', "Like the 'oo' in 'food', short, with relaxed lips.", 'ウール', 'wool'],
    ['エ', 'e', "Like the 'e' in 'bed'.", 'エアコン', 'air conditioner'],
    ['オ', 'o', "Like the 'o' in 'old', short.", 'オレンジ', 'orange'],
  ] },
  { row: 'k', kana: [
    ['カ', 'ka', "'k' + 'a'.", 'カメラ', 'camera'],
    ['キ', 'ki', "'k' + 'i', as in 'key'.", 'キウイ', 'kiwi fruit'],
    ['ク', 'ku', "'k' + a soft 'u'.", 'クラス', 'class'],
    ['ケ', 'ke', "'k' + 'e'.", 'ケーキ', 'cake'],
    ['コ', 'ko', "'k' + 'o'.", 'コーヒー', 'coffee'],
  ] },
  { row: 's', kana: [
    ['サ', 'sa', "'s' + 'a'.", 'サラダ', 'salad'],
    ['シ', 'shi', "Like 'she'. Compare ツ: シ's strokes rise from the lower left.", 'シーツ', 'bed sheet'],
    ['ス', 'su', "'s' + a soft 'u'.", 'スープ', 'soup'],
    ['セ', 'se', "'s' + 'e'.", 'セーター', 'sweater'],
    ['ソ', 'so', "'s' + 'o'. Compare ン: ソ's long stroke falls from the top.", 'ソファー', 'sofa'],
  ] },
  { row: 't', kana: [
    ['タ', 'ta', "'t' + 'a'.", 'タクシー', 'taxi'],
    ['チ', 'chi', "Like 'chee' in 'cheese'.", 'チーム', 'team'],
    ['ツ', 'tsu', "The 'ts' of 'cats' + a soft 'u'. Compare シ: ツ's strokes fall from the top.", 'ツアー', 'tour'],
    ['テ', 'te', "'t' + 'e'.", 'テレビ', 'television'],
    ['ト', 'to', "'t' + 'o'.", 'トマト', 'tomato'],
  ] },
  { row: 'n', kana: [
    ['ナ', 'na', "'n' + 'a'.", 'ナイフ', 'knife'],
    ['ニ', 'ni', "'n' + 'i', as in 'knee'.", 'テニス', 'tennis'],
    ['ヌ', 'nu', "'n' + a soft 'u'.", 'カヌー', 'canoe'],
    ['ネ', 'ne', "'n' + 'e'.", 'ネクタイ', 'necktie'],
    ['ノ', 'no', "'n' + 'o'.", 'ノート', 'notebook'],
  ] },
  { row: 'h', kana: [
    ['ハ', 'ha', "'h' + 'a'.", 'ハンカチ', 'handkerchief'],
    ['ヒ', 'hi', "Like 'he', breathy.", 'ヒーター', 'heater'],
    ['フ', 'fu', "Between 'f' and 'h': blow softly through rounded lips.", 'フルーツ', 'fruit'],
    ['ヘ', 'he', "'h' + 'e'. Looks almost the same as hiragana へ.", 'ヘルメット', 'helmet'],
    ['ホ', 'ho', "'h' + 'o'.", 'ホテル', 'hotel'],
  ] },
  { row: 'm', kana: [
    ['マ', 'ma', "'m' + 'a'.", 'マスク', 'face mask'],
    ['ミ', 'mi', "'m' + 'i'.", 'ミルク', 'milk'],
    ['ム', 'mu', "'m' + a soft 'u'.", 'ハム', 'ham'],
    ['メ', 'me', "'m' + 'e'.", 'メール', 'email'],
    ['モ', 'mo', "'m' + 'o'.", 'モデル', 'model'],
  ] },
  { row: 'y', kana: [
    ['ヤ', 'ya', "Like 'ya' in 'yard'.", 'タイヤ', 'tyre'],
    ['ユ', 'yu', "Like 'you', short.", 'ユニフォーム', 'uniform'],
    ['ヨ', 'yo', "Like 'yo' in 'yoga'.", 'ヨーグルト', 'yogurt'],
  ] },
  { row: 'r', kana: [
    ['ラ', 'ra', "A light tap of the tongue, between r, l and d.", 'ライオン', 'lion'],
    ['リ', 'ri', "Tapped r + 'i'.", 'リボン', 'ribbon'],
    ['ル', 'ru', "Tapped r + a soft 'u'.", 'ルール', 'rule'],
    ['レ', 're', "Tapped r + 'e'.", 'レストラン', 'restaurant'],
    ['ロ', 'ro', "Tapped r + 'o'.", 'ロボット', 'robot'],
  ] },
  { row: 'w', kana: [
    ['ワ', 'wa', "Like 'wa' in 'water'.", 'ワイン', 'wine'],
    ['ヲ', 'wo', "Pronounced 'o'. Almost never used: it stands for the particle を in text written all in katakana, as in old telegrams.", 'ミズヲノム', 'to drink water (telegram style)'],
    ['ン', 'n', "A nasal 'n' with a full beat. Compare ソ: ン's long stroke rises from the bottom.", 'レモン', 'lemon'],
  ] },
  { row: 'g', kana: [
    ['ガ', 'ga', "'g' + 'a'.", 'ガム', 'chewing gum'],
    ['ギ', 'gi', "'g' + 'i'.", 'ギター', 'guitar'],
    ['グ', 'gu', "'g' + a soft 'u'.", 'グラス', 'glass (for drinking)'],
    ['ゲ', 'ge', "'g' + 'e'.", 'ゲーム', 'game'],
    ['ゴ', 'go', "'g' + 'o'.", 'ゴルフ', 'golf'],
  ] },
  { row: 'z', kana: [
    ['ザ', 'za', "'z' + 'a'.", 'デザート', 'dessert'],
    ['ジ', 'ji', "Like 'jee' in 'jeep'.", 'ラジオ', 'radio'],
    ['ズ', 'zu', "'z' + a soft 'u'.", 'チーズ', 'cheese'],
    ['ゼ', 'ze', "'z' + 'e'.", 'ゼロ', 'zero'],
    ['ゾ', 'zo', "'z' + 'o'.", 'ゾーン', 'zone'],
  ] },
  { row: 'd', kana: [
    ['ダ', 'da', "'d' + 'a'.", 'ダンス', 'dance'],
    ['ヂ', 'ji', "Sounds like ジ; very rare, kept for words written with ぢ.", 'チヂミ', 'chijimi (Korean pancake)'],
    ['ヅ', 'zu', "Sounds like ズ; very rare, kept for words written with づ.", 'カンヅメ', 'canned food'],
    ['デ', 'de', "'d' + 'e'.", 'デパート', 'department store'],
    ['ド', 'do', "'d' + 'o'.", 'ドア', 'door'],
  ] },
  { row: 'b', kana: [
    ['バ', 'ba', "'b' + 'a'.", 'バス', 'bus'],
    ['ビ', 'bi', "'b' + 'i'.", 'ビル', 'building'],
    ['ブ', 'bu', "'b' + a soft 'u'.", 'ブーツ', 'boots'],
    ['ベ', 'be', "'b' + 'e'.", 'ベッド', 'bed'],
    ['ボ', 'bo', "'b' + 'o'.", 'ボール', 'ball'],
  ] },
  { row: 'p', kana: [
    ['パ', 'pa', "'p' + 'a'.", 'パン', 'bread'],
    ['ピ', 'pi', "'p' + 'i'.", 'ピアノ', 'piano'],
    ['プ', 'pu', "'p' + a soft 'u'.", 'プール', 'swimming pool'],
    ['ペ', 'pe', "'p' + 'e'.", 'ペン', 'pen'],
    ['ポ', 'po', "'p' + 'o'.", 'ポスト', 'postbox'],
  ] },
  { row: 'small_tsu', kana: [
    ['ッ', '(double consonant)', "A small ツ is a one-beat pause that doubles the next consonant (カップ = kap-pu).", 'カップ', 'cup'],
  ] },
];

/** Level 9: combinations (small ゃ/ゅ/ょ, and the katakana sounds made for loanwords). */
export const COMBINATIONS: readonly AuthoredKana[] = [
  ['きゃ', 'kya', "One beat: 'k' + 'ya', as in 'Kyoto' with 'a'.", 'きゃく', 'guest'],
  ['きゅ', 'kyu', "One beat: 'cue'.", 'きゅうり', 'cucumber'],
  ['きょ', 'kyo', "One beat: the 'kyo' of 'Kyoto'.", 'きょう', 'today'],
  ['しゃ', 'sha', "One beat: 'sha' as in 'shah'.", 'しゃしん', 'photograph'],
  ['しゅ', 'shu', "One beat: 'shoe', short.", 'しゅくだい', 'homework'],
  ['しょ', 'sho', "One beat: 'sho' as in 'show', short.", 'しょうゆ', 'soy sauce'],
  ['ちゃ', 'cha', "One beat: 'cha' as in 'chart' without the r.", 'おちゃ', 'tea'],
  ['ちゅ', 'chu', "One beat: 'chew', short.", 'ちゅうもん', 'order (at a restaurant)'],
  ['ちょ', 'cho', "One beat: 'cho' as in 'chocolate'.", 'ちょきん', 'savings'],
  ['にゃ', 'nya', "One beat: 'n' + 'ya', as in the 'gna' of 'lasagna'.", 'こんにゃく', 'konjac jelly'],
  ['にゅ', 'nyu', "One beat: 'new' said with a y glide.", 'ぎゅうにゅう', 'milk'],
  ['にょ', 'nyo', "One beat: 'n' + 'yo'.", 'にょろにょろ', 'wriggling (like a snake)'],
  ['ひゃ', 'hya', "One beat: a breathy 'h' + 'ya'.", 'ひゃく', 'hundred'],
  ['ひゅ', 'hyu', "One beat: 'hue'.", 'ひゅうひゅう', 'whistling (of the wind)'],
  ['ひょ', 'hyo', "One beat: 'h' + 'yo'.", 'ひょう', 'hail; chart'],
  ['みゃ', 'mya', "One beat: 'm' + 'ya'.", 'みゃく', 'pulse'],
  ['みょ', 'myo', "One beat: 'm' + 'yo'.", 'みょうじ', 'family name'],
  ['りゃ', 'rya', "One beat: tapped r + 'ya'.", 'りゃく', 'abbreviation'],
  ['りゅ', 'ryu', "One beat: tapped r + 'yu'.", 'りゅう', 'dragon'],
  ['りょ', 'ryo', "One beat: tapped r + 'yo'.", 'りょこう', 'trip, travel'],
  ['ぎゃ', 'gya', "One beat: 'g' + 'ya'.", 'ぎゃく', 'reverse, opposite'],
  ['ぎゅ', 'gyu', "One beat: 'g' + 'yu'.", 'ぎゅうにく', 'beef'],
  ['ぎょ', 'gyo', "One beat: 'g' + 'yo'.", 'きんぎょ', 'goldfish'],
  ['じゃ', 'ja', "One beat: 'ja' as in 'jar' without the r.", 'じゃがいも', 'potato'],
  ['じゅ', 'ju', "One beat: 'Jew', short.", 'じゅぎょう', 'class, lesson'],
  ['じょ', 'jo', "One beat: 'jo' as in 'jog'.", 'じょうず', 'skilful, good at'],
  ['びゃ', 'bya', "One beat: 'b' + 'ya'.", 'さんびゃく', 'three hundred'],
  ['びゅ', 'byu', "One beat: 'b' + 'yu', as in 'beauty'.", 'びゅうびゅう', 'howling (of the wind)'],
  ['びょ', 'byo', "One beat: 'b' + 'yo'.", 'びょういん', 'hospital'],
  ['ぴゃ', 'pya', "One beat: 'p' + 'ya'.", 'はっぴゃく', 'eight hundred'],
  ['ぴゅ', 'pyu', "One beat: 'p' + 'yu'.", 'ぴゅうぴゅう', 'whizzing (of the wind)'],
  ['ぴょ', 'pyo', "One beat: 'p' + 'yo'.", 'ぴょんぴょん', 'hopping'],
  ['キャ', 'kya', "One beat: 'k' + 'ya'.", 'キャベツ', 'cabbage'],
  ['キュ', 'kyu', "One beat: 'cue'.", 'バーベキュー', 'barbecue'],
  ['シャ', 'sha', "One beat: 'sha'.", 'シャツ', 'shirt'],
  ['シュ', 'shu', "One beat: 'shoe', short.", 'シュークリーム', 'cream puff'],
  ['ショ', 'sho', "One beat: 'sho'.", 'ショップ', 'shop'],
  ['チャ', 'cha', "One beat: 'cha'.", 'チャンス', 'chance'],
  ['チュ', 'chu', "One beat: 'chew', short.", 'チューリップ', 'tulip'],
  ['チョ', 'cho', "One beat: 'cho'.", 'チョコレート', 'chocolate'],
  ['ニュ', 'nyu', "One beat: 'new' with a y glide.", 'ニュース', 'news'],
  ['ヒュ', 'hyu', "One beat: 'hue'.", 'ヒューズ', 'fuse'],
  ['ミュ', 'myu', "One beat: 'mew'.", 'ミュージック', 'music'],
  ['リュ', 'ryu', "One beat: tapped r + 'yu'.", 'リュック', 'backpack'],
  ['ギャ', 'gya', "One beat: 'g' + 'ya'.", 'ギャグ', 'gag, joke'],
  ['ギョ', 'gyo', "One beat: 'g' + 'yo'.", 'ギョーザ', 'gyoza dumplings'],
  ['ジャ', 'ja', "One beat: 'ja'.", 'ジャム', 'jam'],
  ['ジュ', 'ju', "One beat: 'Jew', short.", 'ジュース', 'juice'],
  ['ジョ', 'jo', "One beat: 'jo'.", 'ジョギング', 'jogging'],
  ['ビュ', 'byu', "One beat: 'b' + 'yu'.", 'ビュッフェ', 'buffet'],
  ['ピュ', 'pyu', "One beat: 'p' + 'yu'.", 'ピューレ', 'purée'],
  ['ファ', 'fa', "Loanword sound: soft ふ + 'a', one beat.", 'ファン', 'fan (supporter)'],
  ['フィ', 'fi', "Loanword sound: soft ふ + 'i', one beat.", 'フィルム', 'film'],
  ['フェ', 'fe', "Loanword sound: soft ふ + 'e', one beat.", 'カフェ', 'café'],
  ['フォ', 'fo', "Loanword sound: soft ふ + 'o', one beat.", 'フォーク', 'fork'],
  ['ティ', 'ti', "Loanword sound: 'tee', one beat (not 'chi').", 'パーティー', 'party'],
  ['ディ', 'di', "Loanword sound: 'dee', one beat (not 'ji').", 'ディナー', 'dinner'],
  ['ウィ', 'wi', "Loanword sound: 'wee', one beat.", 'ウィンク', 'wink'],
  ['ウェ', 'we', "Loanword sound: 'we' as in 'wet', one beat.", 'ウェブ', 'the web'],
  ['ウォ', 'wo', "Loanword sound: 'wo' as in 'water', one beat.", 'ウォッカ', 'vodka'],
  ['シェ', 'she', "Loanword sound: 'she' as in 'shed', one beat.", 'シェフ', 'chef'],
  ['ジェ', 'je', "Loanword sound: 'je' as in 'jet', one beat.", 'ジェット', 'jet'],
  ['チェ', 'che', "Loanword sound: 'che' as in 'check', one beat.", 'チェック', 'check'],
];
