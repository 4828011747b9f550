/**
 * A teacher's corrections to the word list that EDICT's tags cannot make on their own. Keys are "written|reading"
 * (hiragana reading) or just the written form when it is unambiguous. docs/content.md explains the list.
 */

import { KATAKANA_USAGE_NOTES } from './meanings/katakana-review';

/** One reason for a list of words separated by spaces ("written" or "written|reading" each). */
const group = (reason: string, words: string): Record<string, string> => Object.fromEntries(words.split(/\s+/).filter(Boolean).map((w) => [w, reason]));

/**
 * Words never taught, with the reason. Katakana fragments are parts of loanword compounds (マン of サラリーマン,
 * テン of テンキー) that EDICT marks common because the compounds are; slurs stay out even where EDICT tags only one
 * sense; the rest are rare words that the frequency proxy alone would let in.
 */
export const EXCLUDED_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // Katakana fragments and English words Japanese uses only inside compounds.
    ライ: 'fragment', バン: 'fragment', マン: 'fragment', シン: 'fragment', フル: 'fragment', テン: 'fragment',
    ハウ: 'fragment', ソル: 'fragment', ダカ: 'fragment', リス: 'fragment (sense given is not the animal)',
    バイ: 'fragment', フォア: 'fragment', セル: 'fragment', コル: 'fragment', グー: 'fragment', ボー: 'fragment',
    ロー: 'fragment', ボン: 'fragment', ブル: 'fragment', ニュー: 'fragment', マス: 'fragment', ビス: 'fragment',
    カー: 'fragment', ナウ: 'fragment', メガ: 'prefix', ギガ: 'prefix', オン: 'fragment', ヘル: 'fragment',
    サム: 'fragment', シティ: 'fragment', フィル: 'fragment', シャン: 'fragment', ティ: 'fragment', ファー: 'fragment',
    トー: 'fragment', ピリ: 'fragment', ガン: 'fragment', ユー: 'fragment', ウェー: 'fragment', ベア: 'fragment',
    アド: 'fragment', ビラ: 'sense given is not the flyer', リア: 'fragment', ジャー: 'fragment', ゲル: 'fragment',
    レス: 'fragment', ノブ: 'fragment', リラ: 'fragment', ラム: 'fragment', レフ: 'fragment', チン: 'fragment',
    フィン: 'fragment', チア: 'fragment', ゲン: 'fragment', ハイ: 'fragment', ラン: 'katakana of a native word',
    ラヴ: 'non-standard spelling of ラブ',
    // Slurs and words a teacher does not teach as vocabulary.
    '盲|めくら': 'slur', '盲|めしい': 'slur', ホモ: 'slur (its other senses are technical)', '土人|どじん': 'slur',
    // A second reading of a word that is taught under its main reading (the 入る いる), or a rare reading
    // that would make a learner think the common one is wrong.
    '入る|いる': 'read はいる; いる survives only in set phrases (気に入る), taught there', '人|にん': 'counter, taught in 一人, 三人',
    '一|ひと': 'prefix, taught in 一つ, 一人', '本|もと': 'written 元 in everyday Japanese', '子|ね': 'zodiac sign (rat)',
    '下手|したて': 'rare reading', '出来|しゅったい': 'rare reading', '反る|かえる': 'written 返る', '何人|なにびと': 'rare reading',
    '退く|ひく': 'rare reading', '字|あざ': 'administrative term', '頭|かしら': 'old-fashioned reading',
    // Rare, specialist or misleading entries.
    '上田|じょうでん': 'rare (read as a surname, うえだ)', '糾合|きゅうごう': 'rare', '葬送|そうそう': 'rare',
    '斤量|きんりょう': 'rare', '反す|かえす': 'rare spelling (返す, 翻す)', '注す|さす': 'rare spelling',
    'わ|わ': 'dialect pronoun', '出入|しゅつにゅう': 'rare reading of 出入り',
    // Suffixes and noun forms met inside compounds, not as words.
    'がる|がる': 'suffix', '出|で': 'suffix', '生き|いき': 'fragment', '持ち|もち': 'suffix', '入り|いり': 'suffix',
    '下がり|さがり': 'fragment', '立ち|たち': 'fragment', '分け|わけ': 'fragment', '交じり|まじり': 'suffix',
    '走り|はしり': 'fragment', '生み|うみ': 'fragment', '切り|きり': 'suffix',
    // Obscure or of little use to a learner.
    '同人|どうじん': 'obscure', '自家|じか': 'obscure', '小口|こぐち': 'obscure', '理学|りがく': 'obscure',
    '北海|ほっかい': 'obscure', '青山|せいざん': 'obscure', '八千代|やちよ': 'obscure', '大山|たいざん': 'obscure',
    '天神|てんじん': 'obscure', '一条|いちじょう': 'obscure', '仕手|して': 'obscure', '新手|あらて': 'obscure',
    '繰る|くる': 'obscure', '上|かみ': 'old-fashioned', '辞す|じす': 'formal and rare', '一手|いって': 'obscure',
    '千代|ちよ': 'poetic (known from the national anthem), not a word to learn 千 by', '早|はや': 'literary adverb',
    '頭|とう': 'counter, taught in sentences', '杯|さかずき': 'old-fashioned reading', '石|こく': 'old unit',
    '日|にち': 'counter and suffix, taught in 日曜日, 三日', '羽|わ': 'counter, taught in sentences', '柄|え': 'rare reading',
    '末|まつ': 'suffix (月末, 年末)', '紅|くれない': 'literary', '縦横|じゅうおう': 'literary reading',
    '日日|ひにち': 'written 日にち', 'バラバラ|ばらばら': 'written ばらばら',
    'モノ|もの': 'sense given is "mono"; もの is taught as 物', 'プリ|ぷり': 'prefix', 'アット|あっと': 'the @ sign',
    'オート|おーと': 'fragment', 'グレイ|ぐれい': 'written グレー', 'すっごい|すっごい': 'colloquial form of すごい',
    '上|じょう': 'taught in 以上, 上下', '中|ちゅう': 'taught in 中学校, 一日中', '否|ひ': 'formal, votes only',
    '一打|いちだ': 'sports term', '一文|いちもん': 'old coin', '小学|しょうがく': 'fragment (小学校, 小学生)',
    '大野|おおの': 'place and family name',
    'ヵ月|かげつ': 'counter suffix (一ヵ月)', '一女|いちじょ': 'rare', 'される|される': 'grammar (the passive of する)',
    'あのー|あのー': 'written あの', 'フォール|ふぉーる': 'wrestling term', '非|ひ': 'prefix (非常, 非公式)', '崎|さき': 'in place names', 'な|な': 'particle', 'アワー|あわー': 'fragment (ラッシュアワー)', 'みたところ|みたところ': 'phrase (見たところ)',
    'まー|まー': 'written まあ', 'さー|さー': 'written さあ', 'なー|なー': 'written なあ', 'のく|のく': 'old-fashioned form of どく',
    '高|たか': 'obscure on its own', '面|おもて': 'literary reading', '文|ふみ': 'literary', 'フォン|ふぉん': 'fragment',
    '伊達|だて': 'rare on its own', 'だて|だて': 'rare on its own', '鳴門|なると': 'place name', '太刀|たち': 'historical',
    'じゃう|じゃう': 'contraction, taught as grammar', 'とく|とく': 'contraction, taught as grammar', 'あい|あい': 'botanical homophone of 愛', 'さ|さ': 'interjection', '分かり|わかり': 'noun form, taught as 分かる',
    // Issue 29 (the Vocab III words no sentence could honestly be written for; docs/content.md).
    ...group(
      'fragment (English word met only inside loanword compounds)',
      'デー デイ ニー スカイ セブン エイト タイムズ ルック キッド ミスター ノース メート シップ ヒア タウン シネマ レーク トゥルー ウィンド ドリーム ジャパン バンク '+
      'ネーム システムズ プラザ ステーション ロード ウルトラ ネオ エンジェル ジャイアント ランス クラウン マリーン ウッド ステート ムーン ボーン ピープル イースト フレンズ '+
      'アッパー スレイブ ナイン キラー ミニ リブ ハイク ネール ヘム キュー スイート ヤング ホーク',
    ),
    ...group(
      'fragment (met inside compounds or set phrases, not alone)',
      '決め 面白 儀 上げ 産品 産量 多 鳴り 練り 寄せ 墨付き 固め 飛ばし 多重 共和 破り 医 分かち 刺し',
    ),
    ...group(
      'name (company, person, region or newspaper), not vocabulary',
      '日産 山陽 中日 グランデ フォード コム ナポレオン 中島 モンパリ ソビエト',
    ),
    ...group(
      'archaic, obscure, jargon or dated',
      '深山 ホン イット クック パテ バース ヌーボー シーク 余人 中次ぎ 教書 本木 すげ 絵とき 一校 揺る 寂 一男 大時代 三選 入り込み リート ルクス 中にも 員数 陸海 '+
      '日本紙 文科 岩屋 桂 ちどり 翔る 三役 リッターカー 喫する 養老院 重る 合力 一義 あおい 手控え ドン ネスト シーレン テキ キップ',
    ),
    ...group(
      'sexual or vulgar: not drilled in a course (the register note stays for where it appears)',
      'エロ ヘルス セックス ブチ切れ グラマー ジハード',
    ),
    ...group(
      'ambiguous in writing (another word shares the kana, or the spelling is not the everyday one)',
      'いかん ただす 気づかれ 筈 〇 外に 相対|あいたい だんボール 何なのか',
    ),
    // Issue 29: wrong readings, particles, suffixes and grammar.
    '守り|もり': 'rare reading (babysitting: 子守り); 守り まもり is the word',
    '巻|まき': 'rare reading; taught as 巻 かん (volume) in compounds',
    '短冊|たんじゃく': 'rare reading of 短冊 たんざく',
    '間|かん': 'suffix (三日間, 二週間), taught in those words',
    'よ|よ': 'particle (sentence-final よ), taught in sentences',
    'も|も': 'particle, taught in sentences',
    'カーン|かーん': 'onomatopoeia (a clang), glossed by EDICT from the wrong English word',
    'ないといけない|ないといけない': 'grammar (〜ないといけない "must"), taught in sentences',
    // Issue 29, second pass: the writers'reports on lists 4b–8b (docs/content.md).
    ...group('name (person, company, brand, old province, minor place), not vocabulary', '安芸|あき オークス|おーくす 越後|えちご ピカソ|ぴかそ 滝川|たきがわ マヤ|まや イエス|いえす ディズニー|でぃずにー チャイナ|ちゃいな 船橋|ふなばし カローラ|かろーら 大蔵省|おおくらしょう 源氏|げんじ 国土庁|こくどちょう 五十三次|ごじゅうさんつぎ 川崎|かわさき 中京|ちゅうきょう'),
    ...group('fragment (met inside compounds, not alone)', 'ガール|がーる 寝|ね エバー|えばー ジョイ|じょい エレクトリック|えれくとりっく ソング|そんぐ ミドル|みどる レスト|れすと 夕|ゆう 加|か ナッシング|なっしんぐ スノー|すのー 当事|とうじ ミール|みーる ヌーベル|ぬーべる レター|れたー リトル|りとる 倒れ|たおれ'),
    ...group('archaic or historical', '近衛|このえ バンス|ばんす 保する|ほする 堀江|ほりえ 金子|きんす 卿|きょう 太子|たいし'),
    ...group('obscure', 'モミズム|もみずむ 新体|しんたい ファイブスター|ふぁいぶすたー ジーン|じーん ブッシュ|ぶっしゅ ガソール|がそーる ボーカラー|ぼーからー ディクショナリ|でぃくしょなり 海道|かいどう アトム|あとむ オード|おーど 上っ調子|うわっちょうし ゲイリブ|げいりぶ 国人|こくじん 修道|しゅうどう 荒木|あらき'),
    ...group('jargon', '割引債|わりびきさい クロック|くろっく パルス|ぱるす カム|かむ ラス|らす 症候|しょうこう ラング|らんぐ バスター|ばすたー'),
    ...group('vulgar', 'ナイスバディ|ないすばでぃ'),
    'トロイ|とろい': 'jargon (troy weight); the slang とろい "slow" is usually written とろい/トロい',
    'デーリー|でーりー': 'other: dated spelling; today written デイリー',
    '心|しん': 'ambiguous (written 心 is read こころ; しん appears only in compounds and set phrases)',
    'ベンツ|べんつ': 'ambiguous (in everyday use the car brand Mercedes-Benz; the jacket-vent sense is tailoring jargon)',
    '手取り|てとり': 'obscure: てとり is a skilled sumo wrestler; the everyday 手取り "take-home pay" is read てどり',
    '大師|だいし': 'other: Buddhist title used almost only in names (弘法大師)',
    '正|せい': 'jargon: "(logical) true" is logic/maths jargon; otherwise only in compounds (正社員, 正式)',
    '主|しゅ': 'ambiguous: 主 alone reads おも, ぬし, あるじ or しゅ; しゅ "master" is religious or archaic',
    '黒白|くろしろ': 'ambiguous: read こくびゃく (formal, right and wrong); black and white is 白黒',
    '老子|ろうし': 'name (the philosopher Laozi)',
    '公文|こうぶん': 'ambiguous: alone it is read くもん (the Kumon school); the official document is 公文書',
    '三方|さんぼう': 'other: "three sides" is read さんぽう; さんぼう is the small offering stand, so the card key and gloss do not match',
    // Issue 29, the katakana review (meanings/katakana-review.ts, docs/content.md): English words whose card could only
    // teach a compound (クレジットカード, イエローカード, ゴールデンウィーク are the words), spellings of a word taught
    // under its everyday spelling, and dated or obscure loans.
    ...group(
      'fragment (katakana review: met only inside a compound, which is the word to learn)',
      'ウィーク|うぃーく ナイト|ないと ランド|らんど パーク|ぱーく ワールド|わーるど フェイス|ふぇいす ラブ|らぶ グッド|ぐっど ファイア|ふぁいあ '+
      'ガイ|がい グレート|ぐれーと スクール|すくーる アフター|あふたー レッド|れっど ロイヤル|ろいやる ストア|すとあ フレンド|ふれんど ボイス|ぼいす '+
      'フォト|ふぉと ビュー|びゅー ビッグ|びっぐ エナジー|えなじー クレジット|くれじっと チャイルド|ちゃいるど ヒューマン|ひゅーまん ユース|ゆーす '+
      'マリン|まりん イエロー|いえろー ブック|ぶっく カルチャー|かるちゃー ワード|わーど ビア|びあ サマー|さまー コールド|こーるど ホルダー|ほるだー '+
      'ナショナル|なしょなる シャドー|しゃどー ウーマン|うーまん パーラー|ぱーらー クイック|くいっく ウィークリー|うぃーくりー マウンテン|まうんてん '+
      'クラフト|くらふと アドベンチャー|あどべんちゃー マイクロ|まいくろ プライス|ぷらいす インターナショナル|いんたーなしょなる スワン|すわん ルーム|るーむ '+
      'ファクトリー|ふぁくとりー ウォッチング|うぉっちんぐ ミート|みーと マガジン|まがじん ロール|ろーる エンド|えんど ウエット|うえっと',
    ),
    ...group('dated (katakana review): the word has gone out of use', 'テレホン|てれほん ニューメディア|にゅーめでぃあ ウェブログ|うぇぶろぐ'),
    ...group('obscure (katakana review)', 'ミズ|みず キャッツアイ|きゃっつあい クレー|くれー'),
    'エアー|えあー': 'spelling variant: taught as エア',
    'グランド|ぐらんど': 'spelling variant: the playing field is taught as グラウンド; グランド otherwise appears in names (グランドホテル)',
    'ボーリング|ぼーりんぐ': 'spelling variant: the game is taught as ボウリング; ボーリング is also drilling',
    'スキン|すきん': 'alone it usually means a condom; skin care is スキンケア',
    // The words the katakana review brought in that a teacher would not give a card either.
    ...group('fragment (katakana review, incoming words: a suffix or stem met in compounds)', 'チェンジャー|ちぇんじゃー 観|かん 動|どう 盤|ばん 本格|ほんかく'),
    '役に立たない|やくにたたない': 'grammar: the negative of 役に立つ, which is taught',
    '操|みさお': 'dated (chastity, fidelity)',
    '野|の': 'literary (野の花); the words are 野原 and 野菜',
    // Issue 29, item 2: the list holds 10,000 words, so each everyday word the frequency search brought in
    // (n3/part-h.ts: 卒業式, 乗客, 視線, 仏教 …) takes the place of one a teacher would drop first. These are the
    // rare, specialist and literary words of Vocab III whose kanji other words teach; without this the newcomers
    // would have pushed out the last words of the scored list instead (敵, 署名, 外側, ドーナツ, ケーブル).
    ...group('specialist: science and engineering (gives way to an everyday word, issue 29)', '化合|かごう 演算|えんざん 管制|かんせい 回帰|かいき 駆動|くどう 投影|とうえい 並列|へいれつ 配線|はいせん 藻類|そうるい 泥炭|でいたん 共鳴|きょうめい 転移|てんい'),
    ...group('specialist: trade, finance and law (gives way to an everyday word, issue 29)', '営利|えいり 担保|たんぽ 委任|いにん'),
    ...group('literary or historical (gives way to an everyday word, issue 29)', '取捨|しゅしゃ 甘言|かんげん 愛憎|あいぞう 偏重|へんちょう 事変|じへん 過多|かた 舞踏|ぶとう 鬼神|きしん'),
    ...group('formal, technical or rare (gives way to an everyday word, issue 29)', '伝送|でんそう 負荷|ふか 門前|もんぜん 測量|そくりょう 原価|げんか 許容|きょよう 召集|しょうしゅう 贈呈|ぞうてい 購買|こうばい 許諾|きょだく 艦艇|かんてい 種痘|しゅとう 扶助|ふじょ 巧者|こうしゃ 慰安|いあん 恥辱|ちじょく 汽笛|きてき 弁舌|べんぜつ 媒酌|ばいしゃく 激甚|げきじん 進退|しんたい 寄生|きせい 理髪|りはつ 塩梅|あんばい 放射|ほうしゃ'),
    ...group('formal, technical or rare, and no kanji reading needs it as its example (gives way to an everyday word, issue 29)', '福音|ふくいん 人造|じんぞう 静脈|じょうみゃく 登記|とうき 書簡|しょかん 樹脂|じゅし 定形|ていけい 度数|どすう 先物|さきもの 現物|げんぶつ 歩合|ぶあい 主席|しゅせき 博物|はくぶつ 致死|ちし 実効|じっこう 丹|に 更生|こうせい 民政|みんせい 対日|たいにち 口上|こうじょう 市中|しちゅう 本位|ほんい 出金|しゅっきん 後見|こうけん 同志|どうし 整合|せいごう 目録|もくろく 高所|こうしょ 時限|じげん 下部|かぶ 生体|せいたい 実業|じつぎょう 通商|つうしょう 民事|みんじ 高圧|こうあつ 実地|じっち 階層|かいそう 反動|はんどう 興行|こうぎょう 作動|さどう 突起|とっき 断層|だんそう 書体|しょたい 議事|ぎじ 電圧|でんあつ 信託|しんたく 法務|ほうむ 冷却|れいきゃく 発光|はっこう 電線|でんせん 規格|きかく 硬化|こうか 感度|かんど 学士|がくし 環状|かんじょう 水域|すいいき 光沢|こうたく'),
    '醜女|しゅうじょ': 'insulting and dated (“an ugly woman”): a teacher does not give it a card (issue 29)',
  }),
);

/**
 * Register notes shown with the word wherever it appears. They replace the note generated from EDICT's
 * derogatory/sensitive/vulgar tags where a teacher can say it better, and add notes EDICT's tags do not carry,
 * among them the katakana review's false friends (マンション is not a mansion: meanings/katakana-review.ts).
 */
export const REGISTER_NOTES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '朕|ちん': 'Historical: the pronoun “We” used only by an emperor (until 1946); met in old edicts and history books, never said today.',
    '淫ら|みだら': 'Written and judgemental (“lewd, indecent”), mostly in news of sexual misconduct; not a word for casual talk.',
    '女|おんな': 'Said of a person, 女 alone can sound blunt or rude; say 女の人 (or 女性).',
    '男|おとこ': 'Said of a person, 男 alone can sound blunt; say 男の人 (or 男性).',
    'あそこ|あそこ': 'Also a euphemism for the genitals; in everyday speech it means “over there”.',
    '食う|くう': 'Rough and masculine for “to eat”; say 食べる.',
    'ぼけ|ぼけ': 'As “idiot” it is an insult; of an elderly person (ぼける) it can hurt. In comedy, ぼけ is the funny one of a pair.',
    'くず|くず': 'Said of a person, くず (“scum”) is a strong insult.',
    '親父|おやじ': 'Casual, male speech for one’s father or an older man; 父 or お父さん in polite speech.',
    'ハーフ|はーふ': 'Used for people of mixed parentage; common, but some find it othering (ミックス is also heard).',
    'ちんちん|ちんちん': 'A child’s word for the penis (also a dog’s begging pose); keep it to family talk.',
    '俺|おれ': 'Masculine and casual (“I”): used among friends; rude to superiors. Say 私 in polite speech.',
    '面|つら': 'Rough: “mug” for someone’s face; 顔 is the neutral word.',
    '手前|てまえ': 'As “you” (てめえ, 手前) it is rude and hostile; as “this side” it is everyday.',
    '小人|こびと': 'The sense “midget” is offensive; use it for dwarfs in fairy tales.',
    'あなた|あなた': 'Often avoided: Japanese uses the person’s name or title instead; between partners it can mean “dear”.',
    デブ: 'Rude: an insult about someone’s weight. To describe a person, say 太っている.',
    'ばか|ばか': 'An insult (“idiot”); between close friends it can be teasing, but never use it to strangers.',
    'お前|おまえ': 'Familiar and often rough: men use it to close friends or people below them; rude to anyone else.',
    'くそ|くそ': 'Vulgar: “shit; damn”. Not for polite company.',
    'くたばる|くたばる': 'Rough and casual; as “to die” it is contemptuous.',
    'はえ|はえ': 'Said of a person, “fly” is an insult (a worthless person).',
    '移民|いみん': 'Neutral in news and statistics; like “immigrant” in English, it can be politically charged.',
    '芋|いも': 'Slang: 芋 or 芋っぽい said of a person means “country bumpkin”.',
    'さる|さる': 'Calling a person 猿 is an insult (“idiot”, “sly”).',
    '玉|たま': 'Said of a person (あいつはいい玉だ), it is disparaging.',
    '掘る|ほる': 'Also vulgar slang; the everyday meaning is “to dig”.',
    '犬|いぬ': 'Said of a person, 犬 is an insult (a spy or a lackey).',
    '己|おのれ': 'As “you” (おのれ!) it is hostile and insulting.',
    '乞食|こじき': 'Offensive when said of a person (“beggar”); news and polite speech avoid it.',
    '在日|ざいにち': 'On its own it often means Korean residents of Japan, sometimes with prejudice; use the full phrase.',
    '食い込む|くいこむ': 'Also vulgar slang; the everyday meaning is “to bite into; to cut into”.',
    '食らう|くらう': 'As “to eat; to drink” it is rough and impolite; “to receive (a blow)” is everyday.',
    'たれ|たれ': 'As a suffix (馬鹿たれ, しみったれ) it is an insult.',
    '素|す': 'As a prefix (素人, 素顔) it is neutral; 素 alone belittling someone (“mere”) is rude.',
    '息子|むすこ': 'Also slang for “penis”. Say 息子さん for someone else’s son.',
    '豚|ぶた': 'Calling a person 豚 is an insult (“fatso”).',
    '尼|あま': 'As a word for a woman it is a vulgar insult; as “nun” it is neutral.',
    '抜かす|ぬかす': 'As “to say” (何を抜かすか) it is rude and contemptuous.',
    '抜く|ぬく': 'Also vulgar slang; the everyday meanings are “to pull out; to leave out; to overtake”.',
    '半島|はんとう': 'Neutral as geography; used alone to mean Korea, it can carry prejudice.',
    '百姓|ひゃくしょう': 'Considered offensive for farmers today; say 農家 or 農民.',
    '負け犬|まけいぬ': 'A put-down; also used contemptuously of unmarried older women.',
    '風情|ふぜい': 'After a noun (私風情) it belittles: “the likes of”.',
    'まぐろ|まぐろ': 'Also vulgar slang; the everyday meaning is “tuna”.',
    '野郎|やろう': 'Rude and masculine: “guy” at best, “bastard” at worst (この野郎!). Never polite.',
    '落ちこぼれ|おちこぼれ': 'Hurtful when said of a person (a pupil who cannot keep up).',
    '畜生|ちくしょう': 'As an exclamation (ちくしょう! “damn it!”) it is a curse, and said of a person an insult; “beast” is its literal, Buddhist sense.',
    '風俗|ふうぞく': 'Neutral in 風俗習慣 (manners and customs); alone in everyday talk it usually means the sex industry (風俗店).',
    '醜女|しゅうじょ': 'Insulting (“an ugly woman”); written and dated. Never say it of a person.',
    '間抜け|まぬけ': 'An insult (“idiot; fool”); rude when said to or of someone.',
    'エロ|えろ': 'Slang for erotic or pornographic material (エロい “sexy; dirty”); crude, not for polite talk.',
    ...KATAKANA_USAGE_NOTES,
  }),
);

/**
 * Written forms that are genuinely two words (different reading, different meaning), both worth teaching: each is
 * its own card, and the test that no written form appears twice allows exactly these.
 */
export const HOMOGRAPHS: ReadonlySet<string> = new Set<string>(
  `一日 一月 方 分 金 年 時 風 角 音 心 側 床 市 空 空く 開く 開ける 上下 月日 主 間 大家 市場 度 実 一行 面 人前 人事 位
   一足 黄金 博士 数 目下 文 表 直 節 心中 対 紅葉 相対 分別 抱く 守り 仮名 寒気 上 下 中 外 前 何 十 今日 小人 大勢
   方々 早々 細々 札 品 額 股 罰`.split(/\s+/).filter(Boolean),
);

/**
 * Readings of one word that EDICT lists as separate entries: the main reading is taught, the other one is shown as
 * a variant (written|other reading → main reading).
 */
export const READING_VARIANTS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '明日|あす': 'あした', '得る|うる': 'える', '埋める|うずめる': 'うめる', '退ける|どける': 'のける', '文字|もんじ': 'もじ',
    '赤色|せきしょく': 'あかいろ',
    // A spelling folded into another word (the value is then the full key of that word).
    'あー|あー': 'ああ|ああ', '合わす|あわす': '合わせる|あわせる', '表わす|あらわす': '表す|あらわす',
    '現われる|あらわれる': '現れる|あらわれる', '済ます|すます': '済ませる|すませる',
    '個所|かしょ': '箇所|かしょ',
    '背|せい': 'せ', '避ける|よける': 'さける', '埋まる|うずまる': 'うまる',
    '人混み|ひとごみ': '人ごみ|ひとごみ',
    '万人|ばんじん': '万人|ばんにん',
    // いい is the everyday word a beginner learns; 良い よい is its written, more formal form.
    '良い|よい': 'いい|いい',
  }),
);

/**
 * Spellings that stay words of their own although an EDICT entry lists them together: kanji that tell a learner
 * which meaning is meant (速い "fast" / 早い "early", 開く "to open" / 空く "to become empty", 暖かい weather /
 * 温かい food). Japanese dictionaries and textbooks teach them apart.
 */
export const SEPARATE_SPELLINGS: ReadonlySet<string> = new Set(
  `速い 速く 速める 速さ 空く 空ける 明ける 開ける 開く 降ろす 下ろす 暖かい 温かい 暖まる 温まる 暖める 温める
   伸びる 延びる 伸ばす 延ばす 越える 超える 勤める 務める 努める 締まる 閉まる 締める 閉める 貼る 張る 保障 保証
   揚げる 挙げる 上げる 揚がる 挙がる 上がる 表す 現す 表れる 現れる 登る 上る 飛ぶ 跳ぶ 直す 治す 初め 始め
   利く 効く 討つ 打つ 撃つ 会う 合う 遭う 図る 熱い 暑い 厚い 
   収める 納める 治める 修める 写す 映す 移す 代わる 変わる 換わる 替わる 代える 変える 換える 替える 返る 帰る
   返す 帰す 分かれる 別れる 止める 留める 泊める 止まる 留まる 泊まる 取る 撮る 捕る 採る 執る`.split(/\s+/).filter(Boolean),
);

/**
 * Kana spellings two EDICT words share: the word named here keeps the kana (by its kanji form); the other is written
 * in kanji, or left out when it has none. あの the demonstrative is a first-week word; あの the filler is taught with it.
 */
export const KANA_OWNERS: ReadonlyMap<string, string> = new Map(Object.entries({ あの: '彼の', クラブ: '倶楽部'}));

/** Variant spellings not shown with their word: rude or dismissive forms (婆さん beside おばあさん). */
export const HIDDEN_VARIANTS: ReadonlySet<string> = new Set(['婆さん|ばあさん', '爺さん|じいさん']);

/**
 * Senses a card does not show (by the start of a gloss): sexual slang EDICT does not tag, and senses that would
 * mislead a learner. The word stays; only these senses are left out of its card and dictionary entry.
 */
export const HIDDEN_SENSES: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    'はめる|はめる': ['to have sex'],
    '本番|ほんばん': ['penetrative'],
    'ひも|ひも': ['man who is financially dependent'],
    '売り|うり': ['prostitution'],
    '小人|こびと': ['dwarf'],
    '豆|まめ': ['female genitalia'],
    '愛|あい': ['Ireland'],
    '発展|はってん': ['having an active sex life'],
    'ピンク|ぴんく': ['erotic'],
    '乱暴|らんぼう': ['rape'],
  }),
);

/**
 * Everyday spellings EDICT lists only on an uncommon line (お酒, お皿, お風呂, 昼御飯) or tags as gikun (煙草), which
 * the variant rule leaves out: shown as the word's variants ("also written"), so a learner who meets お酒 finds 酒.
 * Key: the taught word "written|reading"; value: "written|reading" of each added spelling. Issue 29, item 4.
 */
export const ADDED_VARIANTS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    '酒|さけ': ['お酒|おさけ'],
    '皿|さら': ['お皿|おさら'],
    '風呂|ふろ': ['お風呂|おふろ'],
    '昼ご飯|ひるごはん': ['昼御飯|ひるごはん'],
    'たばこ|たばこ': ['煙草|たばこ'],
    // The days of the week are as often said and written without 日 (日曜に, 月曜から): the short form is the same word.
    '月曜日|げつようび': ['月曜|げつよう'],
    '火曜日|かようび': ['火曜|かよう'],
    '水曜日|すいようび': ['水曜|すいよう'],
    '木曜日|もくようび': ['木曜|もくよう'],
    '金曜日|きんようび': ['金曜|きんよう'],
    '土曜日|どようび': ['土曜|どよう'],
    '日曜日|にちようび': ['日曜|にちよう'],
  }),
);

/** The usual spelling of a word where EDICT's order would pick another (日日 → 日にち): reading → written. */
export const PREFERRED_SPELLINGS: ReadonlyMap<string, string> = new Map(
  Object.entries({ ひにち: '日にち', ともす: '灯す', あしもと: '足元', きょうどう: '共同', ものさし: '物差し', じかんわり: '時間割', だんぼーる: '段ボール' }),
);
