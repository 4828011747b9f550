import type { ContextualReading } from '../sentence-checks';

/**
 * Readings the context decides, checked on every sentence's furigana (sentence-checks.ts,
 * contextualReadingProblems): the analyser (IPADIC) gives each of these words one reading whatever the sentence
 * says, and a dictionary lists that reading too, so nothing else catches it (issue 29: 長い間 read なが.い.ま, 冬の間
 * ま, 一晩 いちばん, 夜中 やちゅう, 辛い つらい for "spicy", 角 かく, 食べた後 のち, 切り上げ時 じ).
 *
 * A rule applies where the furigana gives the word a reading of its own and its context fits: `before` is tested
 * on the text up to the word, `after` on the text after it; without `before` the word must not follow a kanji, so
 * 時間, 三角 and 授業中 are other words (a ruby across the word, 真夜中[まよなか], makes it another word too). The
 * first rule that fits a word decides it, so exceptions come first. A `confirm` rule asks the writer to state the
 * reading (`readings`, or a hand-written `ruby`) where only the meaning decides and the analyser always picks one.
 *
 * Only what the context decides reliably is here: 一日 (いちにち "one day", ついたち "the 1st"), の方 (ほう "side",
 * かた "person"), 市場 (いちば "marketplace", しじょう "the market") and 行って (いって, おこなって) are the meaning's
 * to decide, too common to ask the writer every time, and are left to the writer's reading. Numbers with counters
 * (三日 みっか, 一晩 ひとばん, 三分の二 さんぶん) are sentence-checks.ts's COUNTER_RULES.
 */
export const CONTEXTUAL_READINGS: readonly ContextualReading[] = [
  // 間 あいだ "between; during" and ま "room; interval; time".
  { written: '間', before: /(?:いつの|床の|茶の|束の|あっという|瞬く)$/u, read: ['ま'], reason: 'fixed words with 間 ま (いつの間にか, 床の間, 茶の間, 束の間, あっという間, 瞬く間)' },
  { written: '間', before: /(?:この|その|あの)$/u, confirm: true, reason: 'この間 is このあいだ "the other day; meanwhile" or, in writing, このかん "during this period", by its meaning; the analyser always gives かん' },
  { written: '間', before: /の$/u, read: ['あいだ'], reason: 'noun + の + 間 "during; between" (冬の間, 二つの家の間, 会議の間) is あいだ; IPADIC reads it ま' },
  { written: '間', before: /\p{sc=Han}い$/u, read: ['あいだ'], reason: 'after an adjective (長い間, 短い間) 間 "a while" is あいだ; IPADIC reads 長い間 ながいま' },

  // 後 あと "after", ご (after a number: 三年後, a kanji before it, so not checked here), のち where it is right
  // (後に "later", 後ほど: no rule fits them) and 後ろ うしろ.
  { written: '後', before: /その$/u, after: /^(?!ろ|ほど)/u, read: ['あと', 'ご'], reason: 'その後 "after that" is そのあと or そのご' },
  { written: '後', before: /(?:この|あの)$/u, after: /^(?!ろ|ほど)/u, read: ['あと'], reason: 'この後 "after this" and あの後 "after that" are このあと, あのあと; IPADIC reads 後 のち' },
  { written: '後', before: /[ただ]$/u, after: /^(?!ろ|ほど)/u, read: ['あと'], reason: 'after a verb in the past (食べた後, 遊んだ後) 後 is あと; IPADIC gives のち, which is literary' },
  { written: '後', before: /の$/u, after: /^(?!ろ|ほど)/u, read: ['あと'], reason: 'noun + の + 後 "after" (試合の後, 台風の後) is あと in everyday Japanese; IPADIC gives the literary のち' },

  // 時 とき "time; when" after kana; じ is the hour after a number (三時, a kanji next to it, so not checked here).
  { written: '時', before: /(?:^|\p{sc=Hiragana})$/u, read: ['とき', 'どき'], reason: 'after kana 時 is the word とき "time; when" (その時, 小さい時), voiced どき after a verb stem (切り上げ時, 食べ時); じ is the hour, after a number' },

  // 中 じゅう "all through; all over" after a stretch of time or a place, ちゅう "in the middle of" (授業中).
  { written: '中', before: /(?:(?:^|[^一二三四五六七八九十百千])(?:一日|一晩|一年)|世界|日本)$/u, read: ['じゅう'], reason: '一日中, 一晩中, 一年中 "all day, all night, all year" and 世界中, 日本中 "all over" are じゅう; IPADIC reads ちゅう' },

  // Words IPADIC reads by a compound's reading when they stand alone (a kanji after 角 or 米 makes a compound:
  // 角度 かく, 米国 べい).
  { written: '夜中', before: /(?<![真今])$/u, read: ['よなか'], never: ['やちゅう'], reason: '夜中 "the middle of the night" is よなか; IPADIC gives やちゅう, a reading no speaker uses' },
  { written: '角', after: /^(?!\p{sc=Han})/u, read: ['かど', 'つの'], never: ['かく'], reason: 'on its own 角 is かど "corner" (or つの "horn"); かく is its reading in compounds (三角, 角度)' },
  { written: '入り口', read: ['いりぐち'], never: ['いりくち'], reason: '入り口 "entrance" is いりぐち (rendaku); IPADIC reads いりくち' },
  { written: '米', after: /^(?!\p{sc=Han})/u, read: ['こめ'], never: ['べい'], reason: 'on its own 米 is the grain, こめ; べい "America" belongs to compounds and headlines (日米, 米国)' },

  // 何 なん before the copula and の (何ですか, 何でも, 何の本); なに before が, を, か, も is left to the analyser.
  { written: '何', after: /^(?:です|でし|だ|でも|の)/u, read: ['なん'], reason: 'before です, だ, でも and の 何 is なん (何ですか, 何でも, 何の本)' },

  // 降る ふる "to fall (rain, snow, ash)" and 降りる おりる "to get off; to go down": IPADIC reads 降り as おり whatever
  // falls (灰が降りました came out 降[お]りました, 12-03). After rain, snow, hail or ash + が it is ふ (霜が降りる "frost forms" is おりる, so 霜 is not in the rule).
  { written: '降', before: /(?:雨|雪|灰|雹|あめ|ゆき|ひょう|あられ|みぞれ)が$/u, read: ['ふ'], reason: '雨が降る, 雪が降る, 灰が降る: what falls from the sky is ふる; おりる is getting off or going down' },

  // 辛 からい "spicy" or つらい "hard to bear": written alike, only the meaning tells them apart, and IPADIC always
  // says つらい. A list of food words near it would miss sentences (このソースは少し辛い needs ソース in the list,
  // 辛いのは苦手 names no food at all) and would refuse 辛い仕事の後のカレー; the writer knows, so the writer says.
  { written: '辛', after: /^[いくかけさそ]/u, confirm: true, reason: '辛い is からい "spicy" or つらい "hard" by its meaning, which the analyser cannot tell (it always gives つらい)' },
];
