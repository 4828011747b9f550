import { answerKeyOf, type AnswerKey } from './answer-key';
import { diagnose, diagnosisMessage, fieldsAsked, type TypedAnswer } from './diagnose';
import { normalizeReading, readingForms, romajiToKana } from './kana';
import { checkMeaning, editDistance, normalizeMeaning } from './meaning';

// Real cards of the bundled content (backend/content/*.json), as the catalogue serves them: a vocab card with its
// word's senses and variants, a reading card with its kanji's on and kun readings.

const vocab = (reading: string, glosses: string[], variants: string[] = [], definition = glosses.join('; ')): AnswerKey =>
  answerKeyOf('vocab', { vocab_hiragana: reading, vocab_meaning: definition }, { vocabEntry: { reading, senses: [{ glosses }], variants: variants.map((r) => ({ written: 'x', reading: r })) } });

const KANJI = {
  日: { character: '日', on_readings: [{ reading: 'ニチ' }, { reading: 'ジツ' }], kun_readings: [{ reading: 'か' }, { reading: 'ひ' }] },
  一: { character: '一', on_readings: [{ reading: 'イチ' }, { reading: 'イツ' }], kun_readings: [{ reading: 'ひと.つ' }] },
  山: { character: '山', on_readings: [{ reading: 'サン' }], kun_readings: [{ reading: 'やま' }] },
  見: { character: '見', on_readings: [{ reading: 'ケン' }], kun_readings: [{ reading: 'み.る' }, { reading: 'み.せる' }, { reading: 'み.える' }] },
  人: { character: '人', on_readings: [{ reading: 'ジン' }, { reading: 'ニン' }], kun_readings: [{ reading: 'ひと' }, { reading: 'り' }] },
};
const readingCard = (kanji: keyof typeof KANJI, reading: string, kind: 'on' | 'kun', word: string): AnswerKey =>
  answerKeyOf('reading', { kanji, reading, reading_kind: kind, vocab_hiragana: word }, { kanjiEntry: KANJI[kanji] });

const CARDS = {
  おばあさん: vocab('おばあさん', ['grandmother', 'old woman', 'female senior citizen']),
  おばさん: vocab('おばさん', ['aunt', 'old lady', 'ma\'am']),
  学校: vocab('がっこう', ['school']),
  切手: vocab('きって', ['stamp (postage)', 'merchandise certificate'], [], 'postage stamp'),
  デパート: vocab('でぱーと', ['department store']),
  ジュース: vocab('じゅーす', ['juice']),
  お父さん: vocab('おとうさん', ['father', 'dad', 'papa']),
  先生: vocab('せんせい', ['teacher', 'instructor', 'master']),
  こんにちは: vocab('こんにちは', ['hello', 'good day', 'good afternoon']),
  簡易: vocab('かんい', ['simplicity', 'convenience', 'easiness']),
  店員: vocab('てんいん', ['employee (of a store)', 'shop assistant', 'clerk', 'salesperson']),
  今夜: vocab('こんや', ['this evening', 'tonight']),
  新聞: vocab('しんぶん', ['newspaper']),
  病院: vocab('びょういん', ['hospital', 'clinic', "doctor's office"]),
  パン: vocab('ぱん', ['bread', 'pastries']),
  地図: vocab('ちず', ['map']),
  電話: vocab('でんわ', ['telephone (device)', 'phone', 'telephone call']),
  授業: vocab('じゅぎょう', ['lesson', 'class work', 'teaching']),
  今日: vocab('きょう', ['today', 'this day']),
  いい: vocab('いい', ['good', 'excellent', 'fine', 'nice'], ['よい']),
  見る: vocab('みる', ['to see', 'to look', 'to watch']),
  傘: vocab('かさ', ['umbrella', 'parasol']),
  飛行機: vocab('ひこうき', ['aeroplane', 'airplane', 'aircraft']),
  旅行: vocab('りょこう', ['travel', 'trip', 'journey']),
  大きい: vocab('おおきい', ['big', 'large', 'great']),
  日ひ: readingCard('日', 'ひ', 'kun', 'ひ'),
  日ニチ: readingCard('日', 'ニチ', 'on', 'まいにち'),
  一ひとつ: readingCard('一', 'ひと.つ', 'kun', 'ひとつ'),
  山やま: readingCard('山', 'やま', 'kun', 'やま'),
  山サン: readingCard('山', 'サン', 'on', 'ふじさん'),
  見みる: readingCard('見', 'み.る', 'kun', 'みる'),
  人ジン: readingCard('人', 'ジン', 'on', 'にほんじん'),
} as const;
type Card = keyof typeof CARDS;

describe('romaji → kana, as the answer box converts it', () => {
  it.each([
    ['obaasan', 'おばあさん'],
    ['konnichiha', 'こんにちは'], // nn before a vowel: ん + に
    ['konnnichiha', 'こんにちは'], // IME style: nn is ん, then ni
    ["kan'i", 'かんい'],
    ['kani', 'かに'],
    ['shinbun', 'しんぶん'], // n before a consonant
    ['shinnbunn', 'しんぶん'], // nn not before a vowel: one ん
    ['hon', 'ほん'], // a final n
    ['gakkou', 'がっこう'], // a double consonant is っ
    ['kitte', 'きって'],
    ['matcha', 'まっちゃ'],
    ['cha', 'ちゃ'],
    ['shu', 'しゅ'],
    ['jugyou', 'じゅぎょう'],
    ['kyou', 'きょう'],
    ['tsu', 'つ'],
    ['fu', 'ふ'],
    ['depa-to', 'でぱーと'], // - is the long vowel mark
    ['KO-HI-', 'コーヒー'], // upper case is katakana, with ー
    ['konya', 'こにゃ'], // what a learner who forgets n' gets (diagnosed as ん below)
    ["kon'ya", 'こんや'],
    ['がっこう', 'がっこう'], // an IME's kana pass through
    ['sannnin', 'さんにん'], // nnn: ん, then に
    ['konnya', 'こんにゃ'], // nn before y is ん + にゃ (kon'ya is こんや)
  ])('%s → %s', (romaji, kana) => {
    expect(romajiToKana(romaji)).toBe(kana);
  });

  it('compares readings as hiragana with ー kept, whatever the script or spacing', () => {
    expect(normalizeReading('ニチ')).toBe('にち');
    expect(normalizeReading(' でぱーと ')).toBe('でぱーと');
    expect(normalizeReading('ｇａｋｋｏｕ')).toBe('がっこう'); // full-width romaji from an IME
    expect(normalizeReading('KO-HI-')).toBe('こーひー');
    expect(readingForms('ひと.つ')).toEqual(['ひとつ', 'ひと']);
    expect(readingForms('ニチ')).toEqual(['にち']);
  });
});

type Row = [card: Card, typed: TypedAnswer, verdict: 'correct' | 'near miss' | 'wrong', codes: string[]];

// The table: what a learner types, the verdict, and what the diagnosis names.
const ROWS: Row[] = [
  // correct, and the real alternatives
  ['おばあさん', { reading: 'obaasan', meaning: 'grandmother' }, 'correct', []],
  ['おばあさん', { reading: 'おばあさん', meaning: 'Old woman' }, 'correct', []], // another gloss
  ['いい', { reading: 'yoi', meaning: 'nice' }, 'correct', []], // the word's other reading (良い), a synonym from its senses
  ['見る', { reading: 'miru', meaning: 'watch' }, 'correct', []], // "to" is optional
  ['見る', { reading: 'miru', meaning: 'to look' }, 'correct', []],
  ['切手', { reading: 'kitte', meaning: 'stamp' }, 'correct', []], // the note in brackets is optional
  ['切手', { reading: 'kitte', meaning: 'postage stamp' }, 'correct', []], // the card's own meaning
  ['飛行機', { reading: 'hikouki', meaning: 'airplanes' }, 'correct', []], // number does not matter
  ['デパート', { reading: 'depa-to', meaning: 'department store' }, 'correct', []],
  ['パン', { reading: 'PAN', meaning: 'bread' }, 'correct', []], // katakana typed for a katakana word
  ['こんにちは', { reading: 'konnichiha', meaning: 'good afternoon' }, 'correct', []],
  ['簡易', { reading: "kan'i", meaning: 'simplicity' }, 'correct', []],
  ['先生', { reading: 'sensei', meaning: 'teacher, instructor' }, 'correct', []], // several meanings typed: one right is enough
  ['日ニチ', { reading: 'nichi' }, 'correct', []], // an on reading typed in hiragana
  ['日ニチ', { reading: 'ニチ' }, 'correct', []],
  ['日ニチ', { reading: 'mainichi' }, 'correct', []], // the example word's whole reading
  ['一ひとつ', { reading: 'hitotsu' }, 'correct', []], // with its okurigana
  ['一ひとつ', { reading: 'hito' }, 'correct', []], // or without
  // long vowels
  ['おばあさん', { reading: 'obasan', meaning: 'grandmother' }, 'near miss', ['long_vowel_missing']],
  ['おばさん', { reading: 'obaasan', meaning: 'aunt' }, 'near miss', ['long_vowel_extra']],
  ['お父さん', { reading: 'otosan', meaning: 'father' }, 'near miss', ['long_vowel_missing']],
  ['先生', { reading: 'sense', meaning: 'teacher' }, 'near miss', ['long_vowel_missing']],
  ['大きい', { reading: 'okii', meaning: 'big' }, 'near miss', ['long_vowel_missing']],
  ['今日', { reading: 'kyo', meaning: 'today' }, 'near miss', ['long_vowel_missing']],
  ['お父さん', { reading: 'oto-san', meaning: 'father' }, 'near miss', ['long_vowel_kana_wanted']], // ー in a hiragana word
  ['デパート', { reading: 'depaato', meaning: 'department store' }, 'near miss', ['long_vowel_mark_wanted']], // a vowel in a katakana word
  ['ジュース', { reading: 'jusu', meaning: 'juice' }, 'near miss', ['long_vowel_missing']],
  // small っ
  ['学校', { reading: 'gakou', meaning: 'school' }, 'near miss', ['small_tsu_missing']],
  ['切手', { reading: 'kite', meaning: 'stamp' }, 'near miss', ['small_tsu_missing']],
  ['地図', { reading: 'chizzu', meaning: 'map' }, 'near miss', ['small_tsu_extra']],
  // dakuten and handakuten
  ['地図', { reading: 'chisu', meaning: 'map' }, 'near miss', ['dakuten']],
  ['電話', { reading: 'tenwa', meaning: 'phone' }, 'near miss', ['dakuten']],
  ['パン', { reading: 'ban', meaning: 'bread' }, 'near miss', ['handakuten', 'dakuten']],
  ['パン', { reading: 'han', meaning: 'bread' }, 'near miss', ['handakuten']],
  ['病院', { reading: 'hyouin', meaning: 'hospital' }, 'near miss', ['dakuten']],
  // ん and な
  ['こんにちは', { reading: 'konichiha', meaning: 'hello' }, 'near miss', ['n_confusion']],
  ['簡易', { reading: 'kani', meaning: 'simplicity' }, 'near miss', ['n_confusion']],
  ['店員', { reading: 'tenin', meaning: 'clerk' }, 'near miss', ['n_confusion']],
  ['今夜', { reading: 'konya', meaning: 'tonight' }, 'near miss', ['n_confusion']],
  // small ゃゅょ
  ['授業', { reading: 'jiyugyou', meaning: 'lesson' }, 'near miss', ['small_kana']], // じゆ: ゅ written big
  ['旅行', { reading: 'riyokou', meaning: 'trip' }, 'near miss', ['small_kana']],
  // two slips at once
  ['病院', { reading: 'byoin', meaning: 'hospital' }, 'near miss', ['long_vowel_missing']],
  ['学校', { reading: 'gako', meaning: 'school' }, 'near miss', ['small_tsu_missing', 'long_vowel_missing']],
  // the kanji's other reading
  ['山やま', { reading: 'san' }, 'near miss', ['kun_reading_wanted']], // on'yomi given for a kun'yomi card
  ['日ひ', { reading: 'nichi' }, 'near miss', ['kun_reading_wanted']],
  ['山サン', { reading: 'yama' }, 'near miss', ['on_reading_wanted']],
  ['日ニチ', { reading: 'jitsu' }, 'near miss', ['other_reading']], // another on reading
  ['見みる', { reading: 'ken' }, 'near miss', ['kun_reading_wanted']],
  ['人ジン', { reading: 'nin' }, 'near miss', ['other_reading']],
  ['人ジン', { reading: 'hito' }, 'near miss', ['on_reading_wanted']],
  // a typo in the meaning
  ['傘', { reading: 'kasa', meaning: 'umbrela' }, 'near miss', ['meaning_typo']],
  ['新聞', { reading: 'shinbun', meaning: 'newpsaper' }, 'near miss', ['meaning_typo']], // two letters swapped
  ['旅行', { reading: 'ryokou', meaning: 'jurney' }, 'near miss', ['meaning_typo']],
  ['地図', { reading: 'chizu', meaning: 'mop' }, 'wrong', []], // three letters: no typo allowance
  ['傘', { reading: 'kasa', meaning: 'rain' }, 'wrong', []],
  // both fields off: a near miss only when each is
  ['学校', { reading: 'gakou', meaning: 'shcool' }, 'near miss', ['small_tsu_missing', 'meaning_typo']],
  ['学校', { reading: 'gakou', meaning: 'building' }, 'wrong', ['small_tsu_missing']],
  // wrong, nothing to name; nothing typed
  ['おばあさん', { reading: 'okaasan', meaning: 'grandmother' }, 'wrong', []],
  ['山やま', { reading: 'kawa' }, 'wrong', []],
  ['傘', { reading: '', meaning: 'umbrella' }, 'wrong', ['reading_missing']],
  ['傘', { reading: 'kasa', meaning: '  ' }, 'wrong', ['meaning_missing']],
];

describe('diagnose: the typed-answer table', () => {
  it.each(ROWS)('%s: %j → %s %j', (card, typed, verdict, codes) => {
    const key = CARDS[card];
    const result = diagnose(key, typed, fieldsAsked(key, typed.meaning !== undefined));
    expect({ verdict: result.verdict === 'correct' ? 'correct' : result.nearMiss ? 'near miss' : 'wrong', codes: result.diagnosis.map((d) => d.code) }).toEqual({ verdict, codes });
  });

  it('has a row for every kind of diagnosis', () => {
    const seen = new Set(ROWS.flatMap(([, , , codes]) => codes));
    for (const code of ['long_vowel_missing', 'long_vowel_extra', 'long_vowel_mark_wanted', 'long_vowel_kana_wanted', 'small_tsu_missing', 'small_tsu_extra', 'dakuten', 'handakuten', 'n_confusion', 'small_kana', 'kun_reading_wanted', 'on_reading_wanted', 'other_reading', 'meaning_typo', 'reading_missing', 'meaning_missing']) {
      expect(seen).toContain(code);
    }
    expect(ROWS.length).toBeGreaterThanOrEqual(40);
  });

  it('asks a reading card for its reading only, a vocab card for the meaning when the setting says so', () => {
    expect(fieldsAsked(CARDS.山やま, true)).toEqual(['reading']);
    expect(fieldsAsked(CARDS.傘, false)).toEqual(['reading']);
    expect(fieldsAsked(CARDS.傘, true)).toEqual(['reading', 'meaning']);
    // a vocab card asked only its reading ignores the meaning
    expect(diagnose(CARDS.傘, { reading: 'kasa', meaning: 'nonsense' }, ['reading']).verdict).toBe('correct');
  });

  it('records the reading as compared (kana) and says which accepted answer it matched', () => {
    const result = diagnose(CARDS.いい, { reading: 'yoi', meaning: 'Fine!' }, ['reading', 'meaning']);
    expect(result.reading).toBe('よい');
    expect(result.fields).toEqual([
      { field: 'reading', correct: true, matched: 'よい' },
      { field: 'meaning', correct: true, matched: 'fine' },
    ]);
  });

  it('never gives the answer away in a message, and names the kanji of "the other reading"', () => {
    const result = diagnose(CARDS.山やま, { reading: 'san' }, ['reading']);
    expect(result.diagnosis[0].message).toBe('That is an on reading of 山. We want the kun reading.');
    expect(diagnose(CARDS.傘, { reading: 'kasa', meaning: 'umbrela' }, ['reading', 'meaning']).diagnosis[0].message).not.toContain('umbrella');
    expect(diagnosisMessage('kun_reading_wanted')).toBe('That is an on reading. We want the kun reading.');
  });
});

describe('meanings', () => {
  it('normalizes case, brackets, punctuation, "to" and plural', () => {
    expect(normalizeMeaning('To eat (something)')).toBe('eat');
    expect(normalizeMeaning("Doctor's office")).toBe('doctor office');
    expect(normalizeMeaning('glass')).toBe('glass');
    expect(checkMeaning('a map', ['map'])).toEqual({ verdict: 'correct', accepted: 'map' });
  });

  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('newspaper', 'newpsaper')).toBe(1);
    expect(editDistance('umbrella', 'umbrela')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
