import { existsSync } from 'node:fs';
import {
  entryRank,
  loadNaistJdic,
  NAIST_JDIC_PACKAGE,
  NAIST_JDIC_PATH,
  NaistJdic,
  NaistJdicFormatError,
} from './naist-jdic';

// Runs against the Debian file itself (scripts/system-packages.sh installs the package before `npm test`):
// the point is that our reading of the binary and of its accent field is right, which a fixture cannot show.
if (!existsSync(NAIST_JDIC_PATH)) {
  throw new Error(`${NAIST_JDIC_PATH} is missing: sudo apt-get install ${NAIST_JDIC_PACKAGE}`);
}

/**
 * Standard Tokyo accents a teacher would check against the NHK accent dictionary: written, reading, kernel
 * (0 = heiban; n = falls after mora n). Where the dictionary lists two accents both are accepted.
 */
const STANDARD: Array<[string, string, number[]]> = (
  [
    // minimal pairs
    ['箸', 'はし', 1], ['橋', 'はし', 2], ['端', 'はし', 0], ['雨', 'あめ', 1], ['飴', 'あめ', 0],
    ['花', 'はな', 2], ['鼻', 'はな', 0], ['柿', 'かき', 0], ['牡蠣', 'かき', 1], ['暑い', 'あつい', 2],
    ['厚い', 'あつい', 0], ['紙', 'かみ', 2], ['神', 'かみ', 1], ['風', 'かぜ', 0], ['風邪', 'かぜ', 0],
    // nouns
    ['日本', 'にほん', 2], ['日本語', 'にほんご', 0], ['学校', 'がっこう', 0], ['先生', 'せんせい', 3],
    ['猫', 'ねこ', 1], ['犬', 'いぬ', 2], ['山', 'やま', 2], ['水', 'みず', 0], ['本', 'ほん', 1],
    ['車', 'くるま', 0], ['電車', 'でんしゃ', [0, 1]], ['友達', 'ともだち', 0], ['家族', 'かぞく', 1],
    ['子供', 'こども', 0], ['学生', 'がくせい', 0], ['会社', 'かいしゃ', 0], ['時間', 'じかん', 0],
    ['電話', 'でんわ', 0], ['天気', 'てんき', 1], ['空', 'そら', 1], ['海', 'うみ', 1], ['川', 'かわ', 2],
    ['木', 'き', 1], ['朝', 'あさ', 1], ['昼', 'ひる', 2], ['夜', 'よる', 1], ['春', 'はる', 1],
    ['夏', 'なつ', 2], ['秋', 'あき', 1], ['冬', 'ふゆ', 2], ['頭', 'あたま', [3, 2]], ['目', 'め', 1],
    ['耳', 'みみ', 2], ['手', 'て', 1], ['足', 'あし', 2], ['男', 'おとこ', 3], ['女', 'おんな', 3],
    ['魚', 'さかな', 0], ['肉', 'にく', 2], ['卵', 'たまご', [2, 0]], ['髪', 'かみ', 2], ['駅', 'えき', 1],
    ['道', 'みち', 0], ['町', 'まち', 2], ['国', 'くに', 0], ['窓', 'まど', 1], ['机', 'つくえ', 0],
    ['部屋', 'へや', 2], ['名前', 'なまえ', 0], ['言葉', 'ことば', 3], ['音楽', 'おんがく', 1],
    ['病院', 'びょういん', 0], ['銀行', 'ぎんこう', 0], ['仕事', 'しごと', 0], ['日曜日', 'にちようび', 3],
    ['今日', 'きょう', 1], ['明日', 'あした', 3], ['昨日', 'きのう', [2, 0]], ['一人', 'ひとり', 2],
    ['二人', 'ふたり', 3], ['寿司', 'すし', [2, 1]], ['桜', 'さくら', 0], ['雪', 'ゆき', 2],
    ['時計', 'とけい', 0], ['眼鏡', 'めがね', 1], ['鉛筆', 'えんぴつ', 0], ['新聞', 'しんぶん', 0],
    ['料理', 'りょうり', 1], ['野菜', 'やさい', 0], ['果物', 'くだもの', 2], ['動物', 'どうぶつ', 0],
    ['鳥', 'とり', 0], ['牛', 'うし', 0], ['馬', 'うま', 2], ['家', 'いえ', 2], ['庭', 'にわ', 0],
    ['池', 'いけ', 2], ['石', 'いし', 2], ['箱', 'はこ', 0], ['雲', 'くも', 1], ['蜘蛛', 'くも', 1],
    ['小学校', 'しょうがっこう', 3], ['一生懸命', 'いっしょうけんめい', 5], ['毎日', 'まいにち', 1],
    // verbs
    ['食べる', 'たべる', 2], ['行く', 'いく', 0], ['話す', 'はなす', 2], ['来る', 'くる', 1], ['する', 'する', 0],
    ['見る', 'みる', 1], ['飲む', 'のむ', 1], ['書く', 'かく', 1], ['読む', 'よむ', 1], ['聞く', 'きく', 0],
    ['言う', 'いう', 0], ['買う', 'かう', 0], ['会う', 'あう', 1], ['待つ', 'まつ', 1], ['帰る', 'かえる', 1],
    ['起きる', 'おきる', 2], ['寝る', 'ねる', 0], ['遊ぶ', 'あそぶ', 0], ['歩く', 'あるく', 2],
    ['使う', 'つかう', 0], ['作る', 'つくる', 2], ['入る', 'はいる', 1], ['出る', 'でる', 1],
    ['考える', 'かんがえる', [4, 3]], ['教える', 'おしえる', 0], ['忘れる', 'わすれる', 0],
    ['覚える', 'おぼえる', 3], ['泳ぐ', 'およぐ', 2], ['休む', 'やすむ', 2], ['働く', 'はたらく', 0],
    ['分かる', 'わかる', 2], ['始める', 'はじめる', 0], ['終わる', 'おわる', 0], ['楽しむ', 'たのしむ', 3],
    ['引っ越す', 'ひっこす', 3], ['違う', 'ちがう', 0],
    // adjectives
    ['大きい', 'おおきい', 3], ['小さい', 'ちいさい', 3], ['高い', 'たかい', 2], ['安い', 'やすい', 2],
    ['赤い', 'あかい', 0], ['白い', 'しろい', 2], ['青い', 'あおい', 2], ['黒い', 'くろい', 2],
    ['新しい', 'あたらしい', 4], ['古い', 'ふるい', 2], ['寒い', 'さむい', 2], ['明るい', 'あかるい', [0, 3]],
    ['甘い', 'あまい', 0], ['難しい', 'むずかしい', [4, 0]], ['優しい', 'やさしい', [0, 3]],
    ['楽しい', 'たのしい', 3], ['嬉しい', 'うれしい', 3], ['悲しい', 'かなしい', [0, 3]], ['長い', 'ながい', 2],
    ['短い', 'みじかい', 3], ['早い', 'はやい', 2], ['遅い', 'おそい', [0, 2]], ['重い', 'おもい', 0],
    ['軽い', 'かるい', 0], ['近い', 'ちかい', 2], ['遠い', 'とおい', 0], ['いい', 'いい', 1],
    ['美味しい', 'おいしい', [0, 3]],
    // na-adjectives, adverbs, set phrases, numbers
    ['静か', 'しずか', 1], ['綺麗', 'きれい', 1], ['元気', 'げんき', 1], ['好き', 'すき', 2], ['嫌い', 'きらい', 0],
    ['大丈夫', 'だいじょうぶ', 3], ['上手', 'じょうず', 3], ['下手', 'へた', 2], ['有名', 'ゆうめい', 0],
    ['便利', 'べんり', 1], ['とても', 'とても', 0], ['ありがとう', 'ありがとう', 2], ['多分', 'たぶん', 1],
    ['一', 'いち', 2], ['二', 'に', 1], ['三', 'さん', 0], ['四', 'よん', 1], ['五', 'ご', 1], ['六', 'ろく', 2],
    ['七', 'なな', 1], ['八', 'はち', 2], ['九', 'きゅう', 1], ['十', 'じゅう', 1],
  ] as Array<[string, string, number | number[]]>
).map(([w, r, a]) => [w, r, Array.isArray(a) ? a : [a]]);

describe('NAIST-jdic reader (Debian open-jtalk-mecab-naist-jdic)', () => {
  let dic: NaistJdic;
  beforeAll(() => {
    dic = loadNaistJdic();
  });

  it('reads the MeCab header of the system dictionary', () => {
    const h = dic.header;
    expect(h).toMatchObject({ version: 102, type: 0, charset: 'UTF-8' });
    expect(h.lexsize).toBeGreaterThan(500_000);
    expect(h.tsize).toBe(h.lexsize * 16);
    expect(h.lsize).toBe(h.rsize);
  });

  it('refuses a file that is not a MeCab dictionary', () => {
    expect(() => new NaistJdic(Buffer.alloc(10))).toThrow(NaistJdicFormatError);
    const fake = Buffer.alloc(200);
    fake.writeUInt32LE((0xef718f77 ^ 200) >>> 0, 0);
    fake.writeUInt32LE(101, 4);
    expect(() => new NaistJdic(fake)).toThrow(/version 101/);
    fake.writeUInt32LE(0, 0);
    expect(() => new NaistJdic(fake)).toThrow(/bad magic/);
  });

  it('parses the features of a token: part of speech, reading, accent, morae, combination rule', () => {
    const [hashi] = dic.entries('箸');
    expect(hashi).toMatchObject({
      surface: '箸',
      pos: '名詞',
      posDetail1: '一般',
      baseForm: '箸',
      reading: 'ハシ',
      pronunciation: 'ハシ',
      accent: 1,
      morae: 2,
      accentRule: 'C3',
    });
    const [sensei] = dic.entries('先生');
    expect(sensei).toMatchObject({ reading: 'センセイ', pronunciation: 'センセー', accent: 3, morae: 4 });
    const taberu = dic.matches('食べる', 'たべる');
    expect(taberu[0]).toMatchObject({ pos: '動詞', conjugationType: '一段', conjugationForm: '基本形' });
  });

  it('lists entries of a surface lowest cost first, and nothing for unknown or empty surfaces', () => {
    const hashi = dic.entries('橋');
    expect(hashi.length).toBeGreaterThan(1);
    for (let i = 1; i < hashi.length; i++) expect(hashi[i].cost).toBeGreaterThanOrEqual(hashi[i - 1].cost);
    expect(dic.entries('')).toEqual([]);
    expect(dic.entries('箸箸箸箸')).toEqual([]);
    expect(dic.entries('ぁぃぅぇぉ')).toEqual([]);
  });

  it('gives the standard (NHK) accent of common words', () => {
    const wrong: string[] = [];
    for (const [w, r, accepted] of STANDARD) {
      const p = dic.pitch(w, r);
      if (!p || !accepted.includes(p[0])) wrong.push(`${w} ${r}: ${JSON.stringify(p)}, standard ${accepted.join('/')}`);
    }
    expect(wrong).toEqual([]);
    expect(STANDARD.length).toBeGreaterThanOrEqual(180);
  });

  it('matches the reading in either kana and keeps words apart by reading', () => {
    expect(dic.pitch('カーテン', 'カーテン')).toEqual([1]);
    expect(dic.pitch('カーテン', 'かーてん')).toEqual([1]);
    expect(dic.pitch('日本', 'にっぽん')).toEqual([3]);
    expect(dic.pitch('日本', 'にほん')).toEqual([2]);
    expect(dic.pitch('冷房', 'れいぞう')).toBeUndefined();
  });

  it('does not take the accent of another word spelled alike (inflected forms, names, suffixes)', () => {
    // ありがとう is also a form of ありがたい (4), これ a form of the verb こる (1), 東 a surname (1).
    expect(dic.pitch('ありがとう', 'ありがとう')).toEqual([2]);
    expect(dic.pitch('これ', 'これ')).toEqual([0]);
    expect(dic.pitch('東', 'ひがし')).toEqual([0]);
    const ranks = dic.matches('東', 'ひがし').map(entryRank);
    expect(ranks[0]).toBe(0);
    expect(ranks).toContain(2);
    // A word that only exists as a proper noun still gets its accent.
    expect(dic.matches('日本', 'にほん')[0].posDetail1).toBe('固有名詞');
  });

  it('keeps distinct accents of one word, best first', () => {
    // あまり: adverb 0 (あまり高くない) first, the noun 余り 3 (the remainder) among the others.
    const amari = dic.pitch('あまり', 'あまり')!;
    expect(amari[0]).toBe(0);
    expect(amari).toContain(3);
    expect(new Set(amari).size).toBe(amari.length);
  });

  it('answers undefined for compounds that are not a single token instead of guessing from parts', () => {
    expect(dic.pitch('誕生日', 'たんじょうび')).toBeUndefined();
    expect(dic.pitch('看護師', 'かんごし')).toBeUndefined();
    expect(dic.cost('看護師', 'かんごし')).toBeUndefined();
  });

  it('gives the lowest cost over the entries of the word', () => {
    const costs = dic.matches('言う', 'ゆう').map((e) => e.cost);
    expect(dic.cost('言う', 'ゆう')).toBe(Math.min(...costs));
    expect(dic.cost('日本', 'にっぽん')).toBeLessThan(dic.cost('日本', 'にほん')!);
    expect(dic.cost('学校', 'がっこう')).toBe(Math.min(...dic.entries('学校').map((e) => e.cost)));
  });

  it('walks the double array: every token belongs to exactly one surface, in file order', () => {
    let next = 0;
    let surfaces = 0;
    let gaps = 0;
    let hashi: { first: number; count: number } | undefined;
    for (const s of dic.surfaces()) {
      if (s.first !== next) gaps++;
      next = s.first + s.count;
      surfaces++;
      if (s.surface === '箸') hashi = s;
    }
    expect(gaps).toBe(0);
    expect(next).toBe(dic.header.lexsize);
    expect(surfaces).toBeGreaterThan(400_000);
    expect(hashi!.count).toBe(dic.entries('箸').length);
  });

  it('finds every inflected surface of a base form', () => {
    const forms = dic.byBaseForm('食べる');
    expect(forms.every((e) => e.baseForm === '食べる' && e.accent === 2)).toBe(true);
    const bySurface = new Map(forms.map((e) => [e.conjugationForm, e.surface]));
    expect(bySurface.get('基本形')).toBe('食べる');
    expect(bySurface.get('連用形')).toBe('食べ');
    expect(bySurface.get('仮定形')).toBe('食べれ');
  });
});
