import { readFileSync } from 'node:fs';
import { toKatakana } from './text';

/**
 * Reader of Open JTalk's NAIST-jdic (Debian `open-jtalk-mecab-naist-jdic`, BSD licence): a compiled MeCab
 * dictionary (`sys.dic`). We read the binary directly (no native MeCab binding) because we only need
 * lookups by surface: the pitch-accent field for the card back, and the word cost (a weak frequency signal,
 * see the note at the end of this file). The binary layout is MeCab's, not NAIST-jdic's: the same class opens
 * any UTF-8 system dictionary (frequency.ts reads UniDic's with `tokens`); only `entries` and what is built on
 * it assume the IPADIC feature layout below.
 *
 * File layout (MeCab `dictionary.cpp`, version 102, little-endian):
 *   header   10 × u32: magic (0xef718f77 XOR file size), version, type (0 = system), lexsize (tokens),
 *            lsize, rsize (left/right context ids), dsize, tsize, fsize (bytes of the three blocks), dummy;
 *            then charset, 32 bytes NUL-padded ("UTF-8" in the Debian package)
 *   dsize    Darts double array of 8-byte units {base: i32, check: u32} keyed by the surface's bytes
 *   tsize    tokens, 16 bytes each: lcAttr u16, rcAttr u16, posid u16, wcost i16, feature u32, compound u32
 *   fsize    NUL-terminated feature strings (the token's `feature` is a byte offset into this block)
 *
 * Surfaces exist only as trie keys. A trie leaf's value is `firstToken << 8 | tokenCount`: tokens sharing a
 * surface are contiguous. We search the trie for a given surface (exact match) and can also walk it to list
 * every surface (`surfaces()`), which is how `byBaseForm` is built.
 *
 * Features in this package (11 fields, verified on every token of version 1.11-3):
 *   品詞, 品詞細分類1, 品詞細分類2, 品詞細分類3, 活用型, 活用形, 原形, 読み, 発音, アクセント型/モーラ数,
 *   アクセント結合規則  e.g. `名詞,一般,*,*,*,*,箸,ハシ,ハシ,1/2,C3`
 */

export const NAIST_JDIC_PATH = '/var/lib/mecab/dic/open-jtalk/naist-jdic/sys.dic';
export const NAIST_JDIC_PACKAGE = 'open-jtalk-mecab-naist-jdic';

const DICTIONARY_MAGIC_ID = 0xef718f77;
const DIC_VERSION = 102;
const HEADER_BYTES = 72;
const TOKEN_BYTES = 16;

export interface NaistJdicHeader {
  version: number;
  /** 0 system dictionary, 1 user, 2 unknown-word. */
  type: number;
  /** Number of tokens. */
  lexsize: number;
  lsize: number;
  rsize: number;
  dsize: number;
  tsize: number;
  fsize: number;
  charset: string;
}

export interface NaistEntry {
  surface: string;
  /** 品詞 and its three sub-classes (`*` when empty). */
  pos: string;
  posDetail1: string;
  posDetail2: string;
  posDetail3: string;
  /** 活用型 (e.g. 一段, 五段・カ行促音便) and 活用形 (基本形, 連用形 …); `*` for words that do not inflect. */
  conjugationType: string;
  conjugationForm: string;
  /** 原形: dictionary form of an inflected surface, the surface itself otherwise. */
  baseForm: string;
  /** 読み in katakana, kana spelling (センセイ). */
  reading: string;
  /** 発音 in katakana, as said (センセー). */
  pronunciation: string;
  /** Accent kernel: the mora after which the pitch falls; 0 = heiban (no fall); NaN when the field is `*`. */
  accent: number;
  /** Morae of the pronunciation, as the accent field states it. */
  morae: number;
  /** アクセント結合規則 (Open JTalk's accent-combination class, e.g. C1, F2, P2), `*` when none. */
  accentRule: string;
  /** MeCab word cost: lower = likelier word in MeCab's model (not a frequency, see the note at the end). */
  cost: number;
  leftId: number;
  rightId: number;
  posId: number;
  /** Token index in the file (stable for one package version). */
  index: number;
}

/**
 * A token of any UTF-8 MeCab system dictionary, features unparsed: the layout depends on the dictionary (IPADIC and
 * NAIST-jdic: 品詞 … 読み, 発音; UniDic: pos1–4, cType, cForm, lForm, lemma, orth, pron …, kana at 20).
 */
export interface MecabToken {
  surface: string;
  /** Comma-separated fields, quoted fields unquoted (UniDic writes its accent field as "1,2"). */
  features: string[];
  cost: number;
  leftId: number;
  rightId: number;
  posId: number;
  index: number;
}

export class NaistJdicFormatError extends Error {}

export class NaistJdic {
  readonly header: NaistJdicHeader;
  private readonly base: Int32Array;
  private readonly check: Uint32Array;
  private readonly units: number;
  private readonly tok16: Uint16Array;
  private readonly tokI16: Int16Array;
  private readonly tok32: Uint32Array;
  private readonly featureStart: number;
  private baseFormIndex: Map<string, Array<[number, string]>> | null = null;

  constructor(private readonly buf: Buffer) {
    if (buf.length < HEADER_BYTES) throw new NaistJdicFormatError('sys.dic: file too short for a MeCab header');
    const u32 = (i: number) => buf.readUInt32LE(i * 4);
    const magic = u32(0);
    if ((magic ^ DICTIONARY_MAGIC_ID) >>> 0 !== buf.length) {
      throw new NaistJdicFormatError('sys.dic: bad magic (not a MeCab dictionary, or truncated)');
    }
    const charsetEnd = buf.indexOf(0, 40);
    this.header = {
      version: u32(1),
      type: u32(2),
      lexsize: u32(3),
      lsize: u32(4),
      rsize: u32(5),
      dsize: u32(6),
      tsize: u32(7),
      fsize: u32(8),
      charset: buf.toString('latin1', 40, charsetEnd < 0 || charsetEnd > HEADER_BYTES ? HEADER_BYTES : charsetEnd),
    };
    const h = this.header;
    if (h.version !== DIC_VERSION) {
      throw new NaistJdicFormatError(`sys.dic: version ${h.version}, expected ${DIC_VERSION}`);
    }
    if (!/^utf-?8$/i.test(h.charset)) {
      throw new NaistJdicFormatError(`sys.dic: charset ${h.charset}, only UTF-8 is read`);
    }
    if (h.tsize !== h.lexsize * TOKEN_BYTES || HEADER_BYTES + h.dsize + h.tsize + h.fsize !== buf.length) {
      throw new NaistJdicFormatError('sys.dic: block sizes do not add up to the file size');
    }
    // Typed views need 4-byte alignment; a Buffer of a whole file normally starts at offset 0 of its own
    // ArrayBuffer, but copy when it does not rather than fall back to slow DataView reads.
    const bytes = buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf);
    const ab = bytes.buffer;
    const o = bytes.byteOffset;
    this.units = h.dsize / 8;
    // Units interleave {base, check}: two views of the same memory, read at 2·i and 2·i + 1.
    this.base = new Int32Array(ab, o + HEADER_BYTES, this.units * 2);
    this.check = new Uint32Array(ab, o + HEADER_BYTES, this.units * 2);
    const t = o + HEADER_BYTES + h.dsize;
    this.tok16 = new Uint16Array(ab, t, h.lexsize * 8);
    this.tokI16 = new Int16Array(ab, t, h.lexsize * 8);
    this.tok32 = new Uint32Array(ab, t, h.lexsize * 4);
    this.featureStart = HEADER_BYTES + h.dsize + h.tsize;
    this.buf = bytes;
  }

  /** Trie value (`firstToken << 8 | count`) of an exact surface, or -1. */
  private exactMatch(key: Buffer): number {
    let b = this.base[0];
    for (let i = 0; i < key.length; i++) {
      const p = b + key[i] + 1;
      if (p >= this.units || this.check[p * 2 + 1] !== b) return -1;
      b = this.base[p * 2];
    }
    if (b < 0 || b >= this.units) return -1;
    const n = this.base[b * 2];
    return this.check[b * 2 + 1] === b && n < 0 ? -n - 1 : -1;
  }

  private token(index: number, surface: string): NaistEntry {
    const s = index * 8;
    const lcAttr = this.tok16[s];
    const rcAttr = this.tok16[s + 1];
    const posId = this.tok16[s + 2];
    const cost = this.tokI16[s + 3];
    const featureOffset = this.tok32[index * 4 + 2];
    const start = this.featureStart + featureOffset;
    const end = this.buf.indexOf(0, start);
    const f = this.buf.toString('utf8', start, end).split(',');
    const [accent, morae] = (f[9] ?? '*').split('/');
    return {
      surface,
      pos: f[0],
      posDetail1: f[1],
      posDetail2: f[2],
      posDetail3: f[3],
      conjugationType: f[4],
      conjugationForm: f[5],
      baseForm: f[6],
      reading: f[7],
      pronunciation: f[8],
      accent: accent === '*' || accent === undefined ? NaN : Number(accent),
      morae: morae === undefined ? NaN : Number(morae),
      accentRule: f[10] ?? '*',
      cost,
      leftId: lcAttr,
      rightId: rcAttr,
      posId,
      index,
    };
  }

  /**
   * Every token whose surface is exactly `surface`, in file order, with its raw features. Works for any MeCab
   * dictionary this class can open (frequency.ts reads UniDic with it); `entries` parses the IPADIC layout.
   */
  tokens(surface: string): MecabToken[] {
    if (!surface) return [];
    const v = this.exactMatch(Buffer.from(surface, 'utf8'));
    if (v < 0) return [];
    const out: MecabToken[] = [];
    for (let i = v >>> 8; i < (v >>> 8) + (v & 0xff); i++) {
      const s = i * 8;
      const start = this.featureStart + this.tok32[i * 4 + 2];
      out.push({
        surface,
        features: splitFeatures(this.buf.toString('utf8', start, this.buf.indexOf(0, start))),
        cost: this.tokI16[s + 3],
        leftId: this.tok16[s],
        rightId: this.tok16[s + 1],
        posId: this.tok16[s + 2],
        index: i,
      });
    }
    return out;
  }

  /** Every token whose surface is exactly `surface` (inflected forms included), lowest cost first. */
  entries(surface: string): NaistEntry[] {
    if (!surface) return [];
    const v = this.exactMatch(Buffer.from(surface, 'utf8'));
    if (v < 0) return [];
    const first = v >>> 8;
    const out: NaistEntry[] = [];
    for (let i = 0; i < (v & 0xff); i++) out.push(this.token(first + i, surface));
    return out.sort((a, b) => a.cost - b.cost || a.index - b.index);
  }

  /**
   * The entries of one word: written form as the surface, the same kana reading (compared in katakana with
   * the 読み field, so せんせい matches センセイ), and not an inflected form of another word (これ is also a
   * form of the verb こる, ありがとう one of ありがたい). Ordered by `entryRank`, then cost.
   */
  matches(written: string, reading: string): NaistEntry[] {
    const kata = toKatakana(reading);
    return this.entries(written)
      .filter((e) => e.reading === kata && (e.conjugationType === '*' || e.baseForm === written))
      .sort((a, b) => entryRank(a) - entryRank(b) || a.cost - b.cost || a.index - b.index);
  }

  /**
   * Accent kernel(s) of a word: 0 = heiban (no fall), n = the pitch falls after mora n of the reading.
   * Distinct values, best entry first, taken only from the best rank present (see `entryRank`): a place name
   * or a suffix spelled like the word carries its own accent (東 ひがし 0 is also a surname ひがし 1), not an
   * alternative pronunciation. Undefined when the word is not one token of the dictionary (誕生日, 看護師):
   * we do not combine parts, see the note at the end of this file.
   */
  pitch(written: string, reading: string): number[] | undefined {
    const m = this.matches(written, reading).filter((e) => !Number.isNaN(e.accent));
    if (!m.length) return undefined;
    const best = entryRank(m[0]);
    const out: number[] = [];
    for (const e of m) if (entryRank(e) === best && !out.includes(e.accent)) out.push(e.accent);
    return out;
  }

  /**
   * Lowest word cost over the word's entries (any rank); undefined when absent. Beware: MeCab's cost is
   * not a frequency count; see the note at the end of this file before ranking words by it.
   */
  cost(written: string, reading: string): number | undefined {
    let min: number | undefined;
    for (const e of this.matches(written, reading)) if (min === undefined || e.cost < min) min = e.cost;
    return min;
  }

  /**
   * Walks the whole trie: every surface with its contiguous token range. Order is the trie's child order
   * (byte order), which is how MeCab sorted the tokens.
   */
  *surfaces(): Generator<{ surface: string; first: number; count: number }> {
    // Depth-first with an explicit stack of (node base, depth, byte that led to it). When a node is popped its
    // ancestors' bytes are already in `key`: a node's subtree is finished before its next sibling is popped.
    const key = Buffer.alloc(4096);
    const bases: number[] = [this.base[0]];
    const depths: number[] = [0];
    const labels: number[] = [0];
    while (bases.length) {
      const b = bases.pop()!;
      const depth = depths.pop()!;
      const label = labels.pop()!;
      if (depth > 0) key[depth - 1] = label;
      // Terminal slot: the unit at `b` itself, whose check is `b` and base the negated value.
      if (b >= 0 && b < this.units && this.check[b * 2 + 1] === b && this.base[b * 2] < 0) {
        const v = -this.base[b * 2] - 1;
        yield { surface: key.toString('utf8', 0, depth), first: v >>> 8, count: v & 0xff };
      }
      // Children in reverse byte order so that they pop in ascending order.
      for (let c = 255; c >= 0; c--) {
        const p = b + c + 1;
        if (p < this.units && this.check[p * 2 + 1] === b && this.base[p * 2] >= 0) {
          bases.push(this.base[p * 2]);
          depths.push(depth + 1);
          labels.push(c);
        }
      }
    }
  }

  /**
   * Tokens whose 原形 (base form) is `baseForm`, lowest cost first: every inflected surface of a verb or
   * adjective. Builds an index by walking the trie on first use (about a second).
   */
  byBaseForm(baseForm: string): NaistEntry[] {
    if (!this.baseFormIndex) {
      const idx = new Map<string, Array<[number, string]>>();
      for (const { surface, first, count } of this.surfaces()) {
        for (let i = first; i < first + count; i++) {
          // 原形 is the 7th comma-separated field; slice it without decoding the whole feature.
          let p = this.featureStart + this.tok32[i * 4 + 2];
          for (let k = 0; k < 6; k++) p = this.buf.indexOf(44, p) + 1;
          const bf = this.buf.toString('utf8', p, this.buf.indexOf(44, p));
          const list = idx.get(bf);
          if (list) list.push([i, surface]);
          else idx.set(bf, [[i, surface]]);
        }
      }
      this.baseFormIndex = idx;
    }
    return (this.baseFormIndex.get(baseForm) ?? [])
      .map(([i, surface]) => this.token(i, surface))
      .sort((a, b) => a.cost - b.cost || a.index - b.index);
  }
}

/** Splits a MeCab feature string on commas outside double quotes, dropping the quotes. */
export function splitFeatures(feature: string): string[] {
  if (!feature.includes('"')) return feature.split(',');
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of feature) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * 0: an independent word; 1: a prefix or suffix reading of the same characters (〜方 かた, 手〜 て);
 * 2: a proper noun (names, places, organisations).
 */
export function entryRank(e: NaistEntry): number {
  if (e.posDetail1 === '固有名詞') return 2;
  if (e.pos === '接頭詞' || e.posDetail1 === '接尾') return 1;
  return 0;
}

/**
 * Reads a sys.dic (default: the Debian package's) in about 60 ms; the whole file stays in memory (~100 MB).
 * Throws ENOENT when the package is missing, NaistJdicFormatError when the file is not a UTF-8 MeCab dictionary.
 */
export function loadNaistJdic(path: string = NAIST_JDIC_PATH): NaistJdic {
  return new NaistJdic(readFileSync(path));
}

/*
 * Why no accent for compounds that are not one token. Open JTalk joins tokens with the アクセント結合規則
 * (njd_set_accent_type: C1 keeps the second part's kernel, C2 puts it on the second part's first mora, C3 just
 * before it, C4 makes the compound heiban, P1/P2 for prefixes, F1–F5 for particles and auxiliaries). We tried
 * those rules on 37 compounds with a known standard accent, splitting each into dictionary tokens whose
 * readings add up to the word's: 17 came out right (20 if a kernel on ー or ん moves back a mora). 誕生日,
 * 郵便局, 冷蔵庫 put the kernel on a long vowel or ん; 外国語, お土産, お休み, 社会的 should be heiban;
 * 図書館, 映画館, 美術館 fall one mora late. A wrong downstep on a card is worse than none, so `pitch` answers
 * only for whole tokens (98% of the course's 10,000 words).
 *
 * Why the cost is not a frequency. MeCab trained these costs on newspaper text, and a word the training text
 * did not contain gets its part of speech's default: the rare サ変 nouns 糾合 罹患 逼迫 揶揄 蹂躙 and the
 * everyday 掃除 復習 all cost 4420, shared by 4,351 tokens; 寿司 (5743) and 猫 (5758) cost more than 糾合;
 * verbs start around 6,000 where nouns start around 2,000; 円高 costs 10,903. Compared with the course's own
 * order, the cost barely tells a Vocab I word from a Vocab III one (AUC 0.53).
 */
