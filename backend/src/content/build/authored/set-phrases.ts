/**
 * Set phrases for the sentence breakdown: word sequences a learner has to take as one unit, because their parts
 * glossed one by one say something else (気をつける is not "spirit" + "to attach"). Matched on kuromoji (IPADIC)
 * tokens: each element lists the forms a token may have, surface or dictionary form, separated by "|", so the
 * verb at the end matches in any conjugation (気をつけて, 気をつけました); the conjugation after it stays with the
 * phrase and adds its form hint ("to be careful (please)").
 */
export interface SetPhrase {
  /** Token forms in order ("つける|付ける": either spelling, any conjugation through the dictionary form). */
  tokens: readonly string[];
  meaning: string;
  /** Form-hint words the phrase already says ("negative" for 仕方がない, whose ない is part of the meaning). */
  absorbs?: readonly string[];
  /** A word, not a verb phrase: nothing attaches after it (いつ + です stays two words). */
  closed?: boolean;
}

export const SET_PHRASES: readonly SetPhrase[] = [
  // Idioms built on 気 "mind; spirit".
  { tokens: ['気', 'を', 'つける|付ける'], meaning: 'to be careful; to watch out' },
  { tokens: ['気', 'が', 'つく|付く'], meaning: 'to notice; to realise' },
  { tokens: ['気', 'に', '入る'], meaning: 'to like; to be pleased with' },
  { tokens: ['気に入る'], meaning: 'to like; to be pleased with' },
  { tokens: ['気', 'に', 'する'], meaning: 'to worry about; to mind' },
  { tokens: ['気', 'に', 'なる'], meaning: 'to be on one\'s mind; to be curious about' },
  { tokens: ['気', 'が', 'する'], meaning: 'to have a feeling (that)' },
  { tokens: ['気持ち', 'が', 'いい'], meaning: 'pleasant; feels good' },
  // The body.
  { tokens: ['お腹|おなか', 'が', '空く|すく'], meaning: 'to get hungry' },
  { tokens: ['腹', 'が', '減る'], meaning: 'to get hungry' },
  { tokens: ['お腹|おなか', 'が', '減る'], meaning: 'to get hungry' },
  { tokens: ['喉|のど', 'が', '渇く|かわく'], meaning: 'to get thirsty' },
  { tokens: ['腹', 'が', '立つ'], meaning: 'to get angry' },
  { tokens: ['風邪|かぜ', 'を', 'ひく|引く'], meaning: 'to catch a cold' },
  { tokens: ['目', 'が', '覚める'], meaning: 'to wake up' },
  { tokens: ['年', 'を', '取る|とる'], meaning: 'to grow old' },
  { tokens: ['頭', 'が', 'いい'], meaning: 'smart; clever' },
  // Verbs whose first dictionary sense is not the one the phrase uses.
  { tokens: ['電話|でんわ', 'を', 'かける|掛ける'], meaning: 'to make a phone call' },
  { tokens: ['眼鏡|めがね|メガネ', 'を', 'かける|掛ける'], meaning: 'to wear glasses' },
  { tokens: ['声', 'を', 'かける|掛ける'], meaning: 'to speak to; to call out to' },
  { tokens: ['傘', 'を', 'さす|差す'], meaning: 'to put up an umbrella' },
  { tokens: ['時間', 'が', 'かかる|掛かる'], meaning: 'to take time' },
  { tokens: ['心', 'を', '込める|こめる'], meaning: 'to put one\'s heart into' },
  { tokens: ['役', 'に', '立つ'], meaning: 'to be useful; to help' },
  { tokens: ['役に立つ'], meaning: 'to be useful; to help' },
  { tokens: ['お世話', 'に', 'なる'], meaning: 'to be in someone\'s care; to be indebted to' },
  { tokens: ['世話', 'に', 'なる'], meaning: 'to be in someone\'s care; to be indebted to' },
  // Fixed expressions.
  { tokens: ['仕方', 'が', 'ない'], meaning: 'it can\'t be helped', absorbs: ['negative'] },
  { tokens: ['仕方', 'ない'], meaning: 'it can\'t be helped', absorbs: ['negative'] },
  { tokens: ['しょうが', 'ない'], meaning: 'it can\'t be helped', absorbs: ['negative'] },
  { tokens: ['よろしく', 'お願い', 'する'], meaning: 'nice to meet you; I\'m counting on you (set greeting)' },
  { tokens: ['お願い', 'する'], meaning: 'please; I would like' },
  { tokens: ['お願い', 'いたす'], meaning: 'please; I would like (humble)' },
  { tokens: ['失礼', 'する'], meaning: 'excuse me; I\'ll be going' },
  { tokens: ['ありがとう', 'ござる'], meaning: 'thank you' },
  { tokens: ['おはよう', 'ござる'], meaning: 'good morning' },
  { tokens: ['おめでとう', 'ござる'], meaning: 'congratulations' },
  { tokens: ['かも', 'しれる'], meaning: 'might; maybe', absorbs: ['negative'] },
  { tokens: ['の', 'わり', 'に'], meaning: 'for (one\'s age, the price …); considering' },
  { tokens: ['わり', 'に'], meaning: 'for (one\'s age, the price …); considering' },
  { tokens: ['の', 'よう', 'に'], meaning: 'like; as (if)' },
  { tokens: ['の', 'よう', 'な'], meaning: 'like; such as' },
  { tokens: ['よう', 'に', 'する'], meaning: 'to make sure to; to make a point of' },
  { tokens: ['よう', 'に', 'なる'], meaning: 'to come to (do); to become able to' },
  { tokens: ['よう', 'に'], meaning: 'so that; in order to' },
  { tokens: ['こと', 'が', 'できる|出来る'], meaning: 'can; to be able to' },
  { tokens: ['こと', 'が', 'ある'], meaning: 'to have (done) before; there are times when' },
  { tokens: ['こと', 'に', 'する'], meaning: 'to decide to' },
  { tokens: ['こと', 'に', 'なる'], meaning: 'it has been decided that; to turn out that' },
  { tokens: ['ほう|方', 'が', 'いい|よい'], meaning: 'had better; it is better to' },
  { tokens: ['うち', 'に'], meaning: 'while (still); (after a negative) before' },
  // Words in kana that IPADIC cuts in two (ひげ → ひ "to dry" + げ).
  { tokens: ['ひ', 'げ'], meaning: 'beard; moustache', closed: true },
  { tokens: ['い', 'つ'], meaning: 'when', closed: true },
];

/**
 * Verb endings made of several tokens that say one thing, attached to the verb before them and described by
 * their hint instead of their parts (食べなければなりません "to eat (must, polite)", not "negative" + "if" +
 * "to become"). `after` lists the forms the verb's last token must have (て/で for ～てもいい).
 */
export interface FormPattern {
  after?: readonly string[];
  tokens: readonly string[];
  hint: string;
  /** Hint words the ending already says ("negative" in ～ないでください). */
  absorbs?: readonly string[];
}

export const FORM_PATTERNS: readonly FormPattern[] = [
  { tokens: ['なけれ', 'ば', 'なら|なり|いけ', 'ない'], hint: 'must' },
  { tokens: ['なけれ', 'ば', 'なら|なり|いけ', 'ませ', 'ん'], hint: 'must, polite' },
  { tokens: ['なく', 'て', 'は', 'なら|なり|いけ', 'ない'], hint: 'must' },
  { tokens: ['なく', 'て', 'は', 'なら|なり|いけ', 'ませ', 'ん'], hint: 'must, polite' },
  { tokens: ['なきゃ'], hint: 'must (casual)' },
  { after: ['て', 'で'], tokens: ['は', 'いけ|なら', 'ない'], hint: 'must not' },
  { after: ['て', 'で'], tokens: ['は', 'いけ|なら', 'ませ', 'ん'], hint: 'must not, polite' },
  { after: ['て', 'で'], tokens: ['は', 'だめ|ダメ'], hint: 'must not' },
  { after: ['て', 'で'], tokens: ['も', 'いい|よい|かまう|構う'], hint: 'may; it\'s all right to' },
  { after: ['て', 'で'], tokens: ['も'], hint: 'even if' },
  { after: ['ない'], tokens: ['で', 'ください|くださる'], hint: 'please don\'t', absorbs: ['negative'] },
  { after: ['て', 'で'], tokens: ['ください|くださる'], hint: 'please' },
];
