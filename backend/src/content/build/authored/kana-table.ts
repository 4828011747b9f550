import type { KanaEntry } from '../../catalogue/content.schemas';

/**
 * The kana course, written by hand: every kana with its romaji (Hepburn), a pronunciation hint for an English
 * speaker, and an example word written in kana with its meaning. Hiragana examples are native words; katakana
 * examples are loanwords (or, for the few sounds no common loanword has, words Japanese writes in katakana:
 * animal and plant names, sound words), as a learner meets them. Rows follow the chart order of the spec.
 *
 * A katakana card's example word uses only kana taught by the end of the card's level (a level is learned as
 * one set, and the first card of a level cannot have a word made of itself alone); validate-content checks it.
 *
 * Each entry: [kana, romaji, hint, example word (kana), meaning].
 */
export type KanaRow = KanaEntry['row'];

export type AuthoredKana = readonly [kana: string, romaji: string, hint: string, example: string, meaning: string];

export interface AuthoredRow {
  row: KanaRow;
  kana: readonly AuthoredKana[];
}

/** Hiragana levels 1–4 take these row groups, in this order. */
export const HIRAGANA_LEVEL_ROWS: readonly (readonly KanaRow[])[] = [
  ['a', 'k', 's', 't'],
  ['n', 'h', 'm', 'y', 'r', 'w'],
  ['g', 'z', 'd'],
  ['b', 'p', 'small_tsu'],
];

/**
 * Katakana levels 5–8: the hiragana layout plus what only katakana needs, each placed before the words that use
 * it. The long-vowel mark right after the vowels (level 5 words are full of it: ケーキ, セーター); the small
 * vowels right after the h row, since most of them pair with フ (ファ, フィ, フェ, フォ); ヴ, the voiced ウ, with
 * the voiced rows; the loanword sounds (ファ, ティ, デュ …: LOANWORD_SOUNDS) close level 8, after every basic
 * katakana. ッ stays in level 8 as っ is in level 4: the learner knows it from hiragana.
 */
export const KATAKANA_LEVEL_ROWS: readonly (readonly KanaRow[])[] = [
  ['a', 'long_vowel', 'k', 's', 't'],
  ['n', 'h', 'small_vowel', 'm', 'y', 'r', 'w'],
  ['g', 'z', 'd', 'v'],
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
    ['イ', 'i', "Like the 'ee' in 'see', but short.", 'イースター', 'Easter'],
    ['ウ', 'u', "Like the 'oo' in 'food', short, with relaxed lips.", 'ウイスキー', 'whisky'],
    ['エ', 'e', "Like the 'e' in 'bed'.", 'エース', 'ace (the best player)'],
    ['オ', 'o', "Like the 'o' in 'old', short.", 'オアシス', 'oasis'],
  ] },
  { row: 'long_vowel', kana: [
    ['ー', '(long vowel)', "The long-vowel mark: hold the vowel before it for one more beat (スキー = su-ki-i, three beats). Katakana uses it where hiragana writes a vowel kana (ケーキ, not ケエキ); in vertical text it turns into a vertical line.", 'スキー', 'skiing; skis'],
  ] },
  { row: 'k', kana: [
    ['カ', 'ka', "'k' + 'a'.", 'スカート', 'skirt'],
    ['キ', 'ki', "'k' + 'i', as in 'key'.", 'キウイ', 'kiwi fruit'],
    ['ク', 'ku', "'k' + a soft 'u'.", 'スクーター', 'scooter'],
    ['ケ', 'ke', "'k' + 'e'.", 'ケーキ', 'cake'],
    ['コ', 'ko', "'k' + 'o'.", 'ココア', 'cocoa'],
  ] },
  { row: 's', kana: [
    ['サ', 'sa', "'s' + 'a'.", 'サーカス', 'circus'],
    ['シ', 'shi', "Like 'she'. Compare ツ: シ's short strokes lie flatter and its long stroke rises from the lower left.", 'シーツ', 'bed sheet'],
    ['ス', 'su', "'s' + a soft 'u'.", 'スーツ', 'suit'],
    ['セ', 'se', "'s' + 'e'.", 'セーター', 'sweater'],
    ['ソ', 'so', "'s' + 'o'. Compare ン: ソ's long stroke falls from the top.", 'ソース', 'sauce'],
  ] },
  { row: 't', kana: [
    ['タ', 'ta', "'t' + 'a'.", 'タクシー', 'taxi'],
    ['チ', 'chi', "Like 'chee' in 'cheese'.", 'チーター', 'cheetah'],
    ['ツ', 'tsu', "The 'ts' of 'cats' + a soft 'u'. Compare シ: ツ's short strokes stand upright and its long stroke falls from the top.", 'ツアー', 'tour'],
    ['テ', 'te', "'t' + 'e'.", 'テスト', 'test'],
    ['ト', 'to', "'t' + 'o'.", 'トースト', 'toast'],
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
    ['ヘ', 'he', "'h' + 'e'. Looks almost the same as hiragana へ.", 'ヘルシー', 'healthy (of food)'],
    ['ホ', 'ho', "'h' + 'o'.", 'ホテル', 'hotel'],
  ] },
  { row: 'small_vowel', kana: [
    ['ァ', 'a', "A small ァ is not read on its own: it replaces the vowel of the kana before it, and the two make one beat (フ + ァ = fa).", 'ソファー', 'sofa'],
    ['ィ', 'i', "A small ィ makes one beat ending in 'i' with the kana before it: テ + ィ = ti (not chi), フ + ィ = fi, ウ + ィ = wi.", 'ミルクティー', 'tea with milk'],
    ['ゥ', 'u', "A small ゥ makes one beat ending in 'u' with the kana before it: ト + ゥ = tu (not tsu), ド + ゥ = du (not zu).", 'タトゥー', 'tattoo'],
    ['ェ', 'e', "A small ェ makes one beat ending in 'e' with the kana before it: チ + ェ = che, シ + ェ = she, フ + ェ = fe, ウ + ェ = we.", 'チェス', 'chess'],
    ['ォ', 'o', "A small ォ makes one beat ending in 'o' with the kana before it: フ + ォ = fo, ウ + ォ = wo.", 'ユニフォーム', 'uniform (sports kit)'],
  ] },
  { row: 'm', kana: [
    ['マ', 'ma', "'m' + 'a'.", 'マスク', 'face mask'],
    ['ミ', 'mi', "'m' + 'i'.", 'ミルク', 'milk'],
    ['ム', 'mu', "'m' + a soft 'u'.", 'ハム', 'ham'],
    ['メ', 'me', "'m' + 'e'.", 'メール', 'email'],
    ['モ', 'mo', "'m' + 'o'.", 'メモ', 'memo, note'],
  ] },
  { row: 'y', kana: [
    ['ヤ', 'ya', "Like 'ya' in 'yard'.", 'タイヤ', 'tyre'],
    ['ユ', 'yu', "Like 'you', short.", 'ユーモア', 'humour'],
    ['ヨ', 'yo', "Like 'yo' in 'yoga'.", 'ヨーヨー', 'yo-yo'],
  ] },
  { row: 'r', kana: [
    ['ラ', 'ra', "A light tap of the tongue, between r, l and d.", 'ライオン', 'lion'],
    ['リ', 'ri', "Tapped r + 'i'.", 'リモコン', 'remote control'],
    ['ル', 'ru', "Tapped r + a soft 'u'.", 'ルール', 'rule'],
    ['レ', 're', "Tapped r + 'e'.", 'レストラン', 'restaurant'],
    ['ロ', 'ro', "Tapped r + 'o'.", 'メロン', 'melon'],
  ] },
  { row: 'w', kana: [
    ['ワ', 'wa', "Like 'wa' in 'water'.", 'ワイン', 'wine'],
    ['ヲ', 'wo', "Pronounced 'o'. Almost never used: it stands for the particle を in text written all in katakana, as in old telegrams.", 'ホンヲヨム', 'to read a book (telegram style)'],
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
    ['デ', 'de', "'d' + 'e'.", 'デザイン', 'design'],
    ['ド', 'do', "'d' + 'o'.", 'ドア', 'door'],
  ] },
  { row: 'v', kana: [
    ['ヴ', 'vu', "ウ with the voicing mark, made for the 'v' of loanwords; with a small vowel it gives ヴァ va, ヴィ vi, ヴェ ve, ヴォ vo. Most speakers say it like ブ (bu), and most of these words are also written with バ ビ ブ ベ ボ (ヴァイオリン = バイオリン).", 'ヴァイオリン', 'violin (also written バイオリン)'],
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

/**
 * The end of Katakana level 8: sounds that exist only in loanwords, a kana + a small vowel (or ュ) in one beat.
 * They come after every basic katakana and after the small vowels of level 6, and before the yōon of level 9,
 * which hiragana and katakana share. Row 'combo' (two kana, one card), like the yōon.
 */
export const LOANWORD_SOUNDS: readonly AuthoredKana[] = [
  ['ファ', 'fa', "Loanword sound: soft ふ + 'a', one beat.", 'ファン', 'fan (supporter)'],
  ['フィ', 'fi', "Loanword sound: soft ふ + 'i', one beat.", 'フィルム', 'film'],
  ['フェ', 'fe', "Loanword sound: soft ふ + 'e', one beat.", 'カフェ', 'café'],
  ['フォ', 'fo', "Loanword sound: soft ふ + 'o', one beat.", 'フォーク', 'fork'],
  ['ティ', 'ti', "Loanword sound: 'tee', one beat (not 'chi').", 'パーティー', 'party'],
  ['ディ', 'di', "Loanword sound: 'dee', one beat (not 'ji').", 'ディナー', 'dinner'],
  ['トゥ', 'tu', "Loanword sound: 'too', one beat (not 'tsu').", 'ブルートゥース', 'Bluetooth'],
  ['ドゥ', 'du', "Loanword sound: 'doo', one beat (not 'zu').", 'ヒンドゥー', 'Hindu'],
  ['デュ', 'dyu', "Loanword sound: 'd' + 'yu' in one beat, like 'dew' said with a y glide.", 'デュエット', 'duet'],
  ['ウィ', 'wi', "Loanword sound: 'wee', one beat.", 'ウィンク', 'wink'],
  ['ウェ', 'we', "Loanword sound: 'we' as in 'wet', one beat.", 'ウェブ', 'the web'],
  ['ウォ', 'wo', "Loanword sound: 'wo' as in 'woke', short, one beat.", 'ウォッカ', 'vodka'],
  ['シェ', 'she', "Loanword sound: 'she' as in 'shed', one beat.", 'シェフ', 'chef'],
  ['ジェ', 'je', "Loanword sound: 'je' as in 'jet', one beat.", 'ジェット', 'jet'],
  ['チェ', 'che', "Loanword sound: 'che' as in 'check', one beat.", 'チェック', 'check'],
  ['ツァ', 'tsa', "Loanword sound: the 'ts' of 'cats' + 'a', one beat.", 'ピッツァ', 'pizza (Italian-style spelling; usually ピザ)'],
];

/** Level 9: combinations, the yōon (an i-column kana + small ゃ/ゅ/ょ), hiragana first, then katakana. */
export const COMBINATIONS: readonly AuthoredKana[] = [
  ['きゃ', 'kya', "One beat: 'k' + 'ya' run together, not 'ki-ya'.", 'きゃく', 'guest'],
  ['きゅ', 'kyu', "One beat: 'cue'.", 'きゅうり', 'cucumber'],
  ['きょ', 'kyo', "One beat: the 'kyo' of 'Tokyo', not 'ki-yo'.", 'きょう', 'today'],
  ['しゃ', 'sha', "One beat: 'sha' as in 'shah'.", 'しゃしん', 'photograph'],
  ['しゅ', 'shu', "One beat: 'shoe', short.", 'しゅくだい', 'homework'],
  ['しょ', 'sho', "One beat: 'sho' as in 'show', short.", 'しょうゆ', 'soy sauce'],
  ['ちゃ', 'cha', "One beat: 'cha' as in 'chart' without the r.", 'おちゃ', 'tea'],
  ['ちゅ', 'chu', "One beat: 'chew', short.", 'ちゅうもん', 'order (at a restaurant)'],
  ['ちょ', 'cho', "One beat: 'cho' as in 'chocolate'.", 'ちょきん', 'savings'],
  ['にゃ', 'nya', "One beat: 'n' + 'ya', as in the 'gna' of 'lasagna'.", 'こんにゃく', 'konjac jelly'],
  ['にゅ', 'nyu', "One beat: 'new' said with a y glide.", 'ぎゅうにゅう', 'milk'],
  ['にょ', 'nyo', "One beat: 'n' + 'yo'.", 'にょろにょろ', 'wriggling (like a snake)'],
  ['ひゃ', 'hya', "One beat: the 'h' of 'huge' + 'ya'.", 'ひゃく', 'hundred'],
  ['ひゅ', 'hyu', "One beat: 'hue'.", 'ひゅうひゅう', 'whistling (of the wind)'],
  ['ひょ', 'hyo', "One beat: the 'h' of 'huge' + 'yo'.", 'ひょう', 'hail; chart'],
  ['みゃ', 'mya', "One beat: 'm' + 'ya'.", 'みゃく', 'pulse'],
  ['みょ', 'myo', "One beat: 'm' + 'yo'.", 'みょうじ', 'family name'],
  ['りゃ', 'rya', "One beat: tapped r + 'ya'.", 'りゃく', 'abbreviation'],
  ['りゅ', 'ryu', "One beat: tapped r + 'yu'.", 'りゅう', 'dragon'],
  ['りょ', 'ryo', "One beat: tapped r + 'yo'.", 'りょこう', 'trip, travel'],
  ['ぎゃ', 'gya', "One beat: 'g' + 'ya'.", 'ぎゃく', 'reverse, opposite'],
  ['ぎゅ', 'gyu', "One beat: 'g' + 'yu', like the 'gu' of 'argue'.", 'ぎゅうにく', 'beef'],
  ['ぎょ', 'gyo', "One beat: 'g' + 'yo'.", 'きんぎょ', 'goldfish'],
  ['じゃ', 'ja', "One beat: 'ja' as in 'jar' without the r.", 'じゃがいも', 'potato'],
  ['じゅ', 'ju', "One beat: 'ju', as in 'juice' but short.", 'じゅぎょう', 'class, lesson'],
  ['じょ', 'jo', "One beat: 'jo' as in 'jog'.", 'じょうず', 'skilful, good at'],
  ['びゃ', 'bya', "One beat: 'b' + 'ya'.", 'さんびゃく', 'three hundred'],
  ['びゅ', 'byu', "One beat: 'b' + 'yu', as in 'beauty'.", 'びゅうびゅう', 'howling (of the wind)'],
  ['びょ', 'byo', "One beat: 'b' + 'yo'.", 'びょういん', 'hospital'],
  ['ぴゃ', 'pya', "One beat: 'p' + 'ya'.", 'はっぴゃく', 'eight hundred'],
  ['ぴゅ', 'pyu', "One beat: 'p' + 'yu'.", 'ぴゅうぴゅう', 'whizzing (of the wind)'],
  ['ぴょ', 'pyo', "One beat: 'p' + 'yo'.", 'ぴょんぴょん', 'hopping'],
  ['キャ', 'kya', "One beat: 'k' + 'ya'.", 'キャベツ', 'cabbage'],
  ['キュ', 'kyu', "One beat: 'cue'.", 'バーベキュー', 'barbecue'],
  ['キョ', 'kyo', "One beat: the 'kyo' of 'Tokyo'.", 'キョロキョロ', 'looking around restlessly'],
  ['シャ', 'sha', "One beat: 'sha'.", 'シャツ', 'shirt'],
  ['シュ', 'shu', "One beat: 'shoe', short.", 'シュークリーム', 'cream puff'],
  ['ショ', 'sho', "One beat: 'sho'.", 'ショップ', 'shop'],
  ['チャ', 'cha', "One beat: 'cha'.", 'チャンス', 'chance'],
  ['チュ', 'chu', "One beat: 'chew', short.", 'チューリップ', 'tulip'],
  ['チョ', 'cho', "One beat: 'cho'.", 'チョコレート', 'chocolate'],
  ['ニャ', 'nya', "One beat: 'n' + 'ya', as in the 'gna' of 'lasagna'.", 'コニャック', 'cognac'],
  ['ニュ', 'nyu', "One beat: 'new' with a y glide.", 'ニュース', 'news'],
  ['ニョ', 'nyo', "One beat: 'n' + 'yo', as in the 'gno' of 'gnocchi'.", 'ニョッキ', 'gnocchi'],
  ['ヒャ', 'hya', "One beat: the 'h' of 'huge' + 'ya'. Rare in katakana.", 'ヒャクニチソウ', 'zinnia (a garden flower)'],
  ['ヒュ', 'hyu', "One beat: 'hue'.", 'ヒューズ', 'fuse'],
  ['ヒョ', 'hyo', "One beat: the 'h' of 'huge' + 'yo'.", 'ヒョウ', 'leopard'],
  ['ミャ', 'mya', "One beat: 'm' + 'ya', not 'mi-ya'.", 'ミャンマー', 'Myanmar'],
  ['ミュ', 'myu', "One beat: 'mew'.", 'ミュージック', 'music'],
  ['ミョ', 'myo', "One beat: 'm' + 'yo'.", 'ミョウガ', 'myoga (Japanese ginger)'],
  ['リャ', 'rya', "One beat: tapped r + 'ya'.", 'リャマ', 'llama'],
  ['リュ', 'ryu', "One beat: tapped r + 'yu'.", 'リュック', 'backpack'],
  ['リョ', 'ryo', "One beat: tapped r + 'yo'.", 'マトリョーシカ', 'matryoshka (Russian nesting doll)'],
  ['ギャ', 'gya', "One beat: 'g' + 'ya'.", 'ギャグ', 'gag, joke'],
  ['ギュ', 'gyu', "One beat: 'g' + 'yu', like the 'gu' of 'argue'.", 'レギュラー', 'regular'],
  ['ギョ', 'gyo', "One beat: 'g' + 'yo'.", 'ギョーザ', 'gyoza dumplings'],
  ['ジャ', 'ja', "One beat: 'ja'.", 'ジャム', 'jam'],
  ['ジュ', 'ju', "One beat: 'ju', as in 'juice' but short.", 'ジュース', 'juice'],
  ['ジョ', 'jo', "One beat: 'jo'.", 'ジョギング', 'jogging'],
  ['ビャ', 'bya', "One beat: 'b' + 'ya'. Rare in katakana.", 'ビャクダン', 'sandalwood'],
  ['ビュ', 'byu', "One beat: 'b' + 'yu'.", 'ビュッフェ', 'buffet'],
  ['ビョ', 'byo', "One beat: 'b' + 'yo'. Rare in katakana.", 'ビョンビョン', 'boing-boing (springing up and down)'],
  ['ピャ', 'pya', "One beat: 'p' + 'ya'. Almost never met in katakana: only when a word with ぴゃ is written in katakana.", 'ハッピャク', 'eight hundred (here written in katakana)'],
  ['ピュ', 'pyu', "One beat: 'p' + 'yu'.", 'ピューレ', 'purée'],
  ['ピョ', 'pyo', "One beat: 'p' + 'yo'.", 'ピョンピョン', 'hopping (a sound word, often in katakana)'],
];
