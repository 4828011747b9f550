// Romaji → kana, the one rule for typed answers (issue 31): the answer box converts as the learner types
// (frontend lib/romaji.ts) and the server converts again what reaches it (backend study/typed-answer/kana.ts).
// Pure and dependency-free, so both sides share it and the browser bundle carries no kana library: it builds the
// same romaji tree as wanakana 5's `toKana` with its default options (kunrei and Hepburn spellings, x/l small kana,
// doubled consonants as っ, punctuation as its full-width form, an all-uppercase chunk as katakana), and a table
// test (backend study/typed-answer/kana.unit.spec.ts) checks it against wanakana on thousands of inputs.

/** A node of the romaji tree: '' holds the kana the letters so far spell, every other key a letter that may follow. */
interface Node {
  [char: string]: Node | string | undefined;
}

const child = (node: Node, char: string): Node | undefined => (char === '' ? undefined : (node[char] as Node | undefined));
const kanaOf = (node: Node): string | undefined => node[''] as string | undefined;
const copy = (node: Node): Node => JSON.parse(JSON.stringify(node)) as Node;

// prettier-ignore
const BASIC: Record<string, string | Record<string, string>> = {
  a: 'あ', i: 'い', u: 'う', e: 'え', o: 'お',
  k: { a: 'か', i: 'き', u: 'く', e: 'け', o: 'こ' },
  s: { a: 'さ', i: 'し', u: 'す', e: 'せ', o: 'そ' },
  t: { a: 'た', i: 'ち', u: 'つ', e: 'て', o: 'と' },
  n: { a: 'な', i: 'に', u: 'ぬ', e: 'ね', o: 'の' },
  h: { a: 'は', i: 'ひ', u: 'ふ', e: 'へ', o: 'ほ' },
  m: { a: 'ま', i: 'み', u: 'む', e: 'め', o: 'も' },
  y: { a: 'や', u: 'ゆ', o: 'よ' },
  r: { a: 'ら', i: 'り', u: 'る', e: 'れ', o: 'ろ' },
  w: { a: 'わ', i: 'ゐ', e: 'ゑ', o: 'を' },
  g: { a: 'が', i: 'ぎ', u: 'ぐ', e: 'げ', o: 'ご' },
  z: { a: 'ざ', i: 'じ', u: 'ず', e: 'ぜ', o: 'ぞ' },
  d: { a: 'だ', i: 'ぢ', u: 'づ', e: 'で', o: 'ど' },
  b: { a: 'ば', i: 'び', u: 'ぶ', e: 'べ', o: 'ぼ' },
  p: { a: 'ぱ', i: 'ぴ', u: 'ぷ', e: 'ぺ', o: 'ぽ' },
  v: { a: 'ゔぁ', i: 'ゔぃ', u: 'ゔ', e: 'ゔぇ', o: 'ゔぉ' },
};
// prettier-ignore
const SYMBOLS: Record<string, string> = {
  '.': '。', ',': '、', ':': '：', '/': '・', '!': '！', '?': '？', '~': '〜', '-': 'ー', '‘': '「', '’': '」',
  '“': '『', '”': '』', '[': '［', ']': '］', '(': '（', ')': '）', '{': '｛', '}': '｝',
};
/** The i-kana a consonant's yōon is written with (kya = き + ゃ). */
const CONSONANTS: Record<string, string> = { k: 'き', s: 'し', t: 'ち', n: 'に', h: 'ひ', m: 'み', r: 'り', g: 'ぎ', z: 'じ', d: 'ぢ', b: 'び', p: 'ぴ', v: 'ゔ', q: 'く', f: 'ふ' };
const SMALL_Y: Record<string, string> = { ya: 'ゃ', yi: 'ぃ', yu: 'ゅ', ye: 'ぇ', yo: 'ょ' };
const SMALL_VOWELS: Record<string, string> = { a: 'ぁ', i: 'ぃ', u: 'ぅ', e: 'ぇ', o: 'ぉ' };
/** Typing one is typing the other (Hepburn sh, ch, j, tsu, fu for kunrei sy, ty, zy, tu, hu). */
const ALIASES: Record<string, string> = { sh: 'sy', ch: 'ty', cy: 'ty', chy: 'ty', shy: 'sy', j: 'zy', jy: 'zy', shi: 'si', chi: 'ti', tsu: 'tu', ji: 'zi', fu: 'hu' };
/** Small kana typed with an x or l before them (xtu, ltsu → っ). */
const SMALL_LETTERS: Record<string, string> = { tu: 'っ', wa: 'ゎ', ka: 'ヵ', ke: 'ヶ', ...SMALL_VOWELS, ...SMALL_Y };
// prettier-ignore
const SPECIAL_CASES: Record<string, string> = {
  yi: 'い', wu: 'う', ye: 'いぇ', wi: 'うぃ', we: 'うぇ', kwa: 'くぁ', whu: 'う',
  tha: 'てゃ', thu: 'てゅ', tho: 'てょ', dha: 'でゃ', dhu: 'でゅ', dho: 'でょ',
};
/** Consonants written with a small vowel after their kana (wha = うぁ, fa = ふぁ, the = てぇ). */
const AIUEO_CONSTRUCTIONS: Record<string, string> = { wh: 'う', kw: 'く', qw: 'く', q: 'く', gw: 'ぐ', sw: 'す', ts: 'つ', th: 'て', tw: 'と', dh: 'で', dw: 'ど', fw: 'ふ', f: 'ふ' };

function buildTree(): Node {
  const tree: Node = {};
  for (const [first, rest] of Object.entries(BASIC)) {
    tree[first] = typeof rest === 'string' ? { '': rest } : Object.fromEntries(Object.entries(rest).map(([v, kana]) => [v, { '': kana }]));
  }
  const subtreeOf = (letters: string): Node =>
    [...letters].reduce<Node>((node, char) => {
      node[char] ??= {};
      return node[char] as Node;
    }, tree);
  for (const [consonant, iKana] of Object.entries(CONSONANTS)) {
    for (const [roma, kana] of Object.entries(SMALL_Y)) subtreeOf(consonant + roma)[''] = iKana + kana;
  }
  for (const [symbol, full] of Object.entries(SYMBOLS)) subtreeOf(symbol)[''] = full;
  for (const [consonant, kana] of Object.entries(AIUEO_CONSTRUCTIONS)) {
    for (const [vowel, small] of Object.entries(SMALL_VOWELS)) subtreeOf(consonant + vowel)[''] = kana + small;
  }
  for (const n of ['n', "n'", 'xn']) subtreeOf(n)[''] = 'ん';
  // c is k, except in the aliases (chi, cha) that follow: a copy, not the same node
  tree.c = copy(tree.k as Node);
  for (const [letters, alternative] of Object.entries(ALIASES)) {
    subtreeOf(letters.slice(0, -1))[letters.slice(-1)] = copy(subtreeOf(alternative));
  }
  const alternativesOf = (letters: string) =>
    [...Object.entries(ALIASES), ['c', 'k'] as const].reduce<string[]>((list, [alt, roma]) => (letters.startsWith(roma) ? list.concat(letters.replace(roma, alt)) : list), []);
  for (const [kunrei, kana] of Object.entries(SMALL_LETTERS)) {
    const x = subtreeOf(`x${kunrei}`);
    x[''] = kana;
    subtreeOf(`l${kunrei.slice(0, -1)}`)[kunrei.slice(-1)] = x;
    for (const alt of alternativesOf(kunrei)) {
      for (const prefix of ['l', 'x']) subtreeOf(prefix + alt.slice(0, -1))[alt.slice(-1)] = subtreeOf(prefix + kunrei);
    }
  }
  for (const [letters, kana] of Object.entries(SPECIAL_CASES)) subtreeOf(letters)[''] = kana;
  // a doubled consonant is っ and the syllable (kka, tta): every spelling under it with っ before its kana
  const withTsu = (node: Node): Node =>
    Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === '' ? `っ${value as string}` : withTsu(value as Node)]));
  for (const consonant of [...Object.keys(CONSONANTS), 'c', 'y', 'w', 'j']) {
    const node = tree[consonant] as Node;
    node[consonant] = withTsu(node);
  }
  delete (tree.n as Node).n; // nn is not っん
  // every shared node copied apart, as wanakana's tree is
  return copy(tree);
}

let tree: Node | null = null;

/** Longest-match chunks of `lower` with the kana each spells (a letter the tree does not know stays itself). */
function chunks(lower: string): Array<[start: number, end: number, kana: string]> {
  tree ??= buildTree();
  const out: Array<[number, number, string]> = [];
  let start = 0;
  while (start < lower.length) {
    const first = lower.charAt(start);
    let node: Node = { '': first, ...child(tree, first) };
    let end = start + 1;
    while (end < lower.length && Object.keys(node).length > 1) {
      const next = child(node, lower.charAt(end));
      if (next === undefined) break;
      node = { '': `${kanaOf(node)}${lower.charAt(end)}`, ...next };
      end++;
    }
    const kana = kanaOf(node);
    if (kana) out.push([start, end, kana]);
    start = end;
  }
  return out;
}

const isUpperLatin = (char: string) => char >= 'A' && char <= 'Z';

function toKatakana(hiragana: string): string {
  return [...hiragana]
    .map((char) => {
      const code = char.charCodeAt(0);
      return code >= 0x3041 && code <= 0x3096 ? String.fromCharCode(code + 0x60) : char;
    })
    .join('');
}

/** wanakana's `toKana` with its default options: lowercase romaji as hiragana, an all-uppercase chunk as katakana. */
export function toKana(input: string): string {
  return chunks(input.toLowerCase())
    .map(([start, end, kana]) => ([...input.slice(start, end)].every(isUpperLatin) ? toKatakana(kana) : kana))
    .join('');
}

/**
 * Romaji → kana as a typed answer is read. `nn` is ん unless a vowel or y follows (then it is ん + the n-syllable,
 * as a learner who types "konnichiha" means it); `n'` is always ん; a lone `n` before a consonant or at the end is
 * ん; Hepburn's tch is っち (matcha). Uppercase gives katakana, `-` gives ー, kana pass through untouched (an IME's
 * output is never rewritten).
 */
export function romajiToKana(input: string): string {
  const marked = input
    .replace(/tch/g, 'cch')
    .replace(/TCH/g, 'CCH')
    .replace(/nn(?![aiueoyAIUEOY])/g, "n'")
    .replace(/NN(?![aiueoyAIUEOY])/g, "N'");
  return toKana(marked);
}
