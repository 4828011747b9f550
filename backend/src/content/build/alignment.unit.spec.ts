import { alignReading, KanjiReading, okuriganaPenalty, readingsUsed, rubyFromAlignment } from './alignment';

// Readings as KANJIDIC2 lists them (trimmed to what the cases need).
const KANJI: Record<string, string[]> = {
  上: ['ジョウ', 'ショウ', 'シャン', 'うえ', '-うえ', 'うわ-', 'かみ', 'あ.げる', 'あ.がる', 'のぼ.る', 'のぼ.せる'],
  昇: ['ショウ', 'のぼ.る'],
  学: ['ガク', 'まな.ぶ'],
  校: ['コウ', 'キョウ'],
  一: ['イチ', 'イツ', 'ひと-', 'ひと.つ'],
  本: ['ホン', 'もと'],
  手: ['シュ', 'ズ', 'て', 'て-', '-て', 'た-'],
  紙: ['シ', 'かみ'],
  人: ['ジン', 'ニン', 'ひと', '-り', '-と'],
  日: ['ニチ', 'ジツ', 'ひ', '-び', '-か'],
  記: ['キ', 'しる.す'],
  十: ['ジュウ', 'ジッ', 'ジュッ', 'とお', 'と'],
  分: ['ブン', 'フン', 'ブ', 'わ.ける', 'わ.け', 'わ.かれる', 'わ.かる', 'わ.かつ'],
  食: ['ショク', 'ジキ', 'く.う', 'く.らう', 'た.べる', 'は.む'],
  物: ['ブツ', 'モツ', 'もの', 'もの-'],
  語: ['ゴ', 'かた.る', 'かた.らう'],
  受: ['ジュ', 'う.ける', '-う.け', 'う.かる'],
  付: ['フ', 'つ.ける', '-つ.け', 'つ.け', 'つ.く', '-づ.く', '-つ.き'],
  起: ['キ', 'お.きる', 'お.こる', 'お.こす', 'おこ.す', 'た.つ'],
  反: ['ハン', 'ホン', 'タン', 'ホ', 'そ.る', 'そ.らす', 'かえ.す', 'かえ.る'],
  応: ['オウ', 'ヨウ', 'ノウ', 'あた.る', 'まさに', 'こた.える'],
  今: ['コン', 'キン', 'いま'],
  切: ['セツ', 'サイ', 'き.る', '-き.る', 'き.り', '-き.り', '-ぎ.り', 'き.れる', '-き.れる', 'き.れ', '-き.れ', '-ぎ.れ'],
  会: ['カイ', 'エ', 'あ.う', 'あ.わせる', 'あつ.まる'],
  社: ['シャ', 'やしろ'],
  式: ['シキ'],
  株: ['シュ', 'かぶ'],
  発: ['ハツ', 'ホツ', 'た.つ', 'あば.く', 'おこ.る', 'つか.わす', 'はな.つ'],
  見: ['ケン', 'み.る', 'み.える', 'み.せる'],
  死: ['シ', 'し.ぬ', 'し.に-'],
  差: ['サ', 'さ.す'],
  秘: ['ヒ', 'ひ.める'],
  必: ['ヒツ', 'かなら.ず'],
  別: ['ベツ', 'わか.れる', 'わ.ける'],
  課: ['カ'],
};

const lookup = (k: string): KanjiReading[] | undefined =>
  KANJI[k]?.map((r) => ({ kind: /[\u30a0-\u30ff]/.test(r) ? 'on' : 'kun', reading: r }));

function used(written: string, reading: string): string[] {
  const a = alignReading(written, reading, lookup);
  if (!a) return [];
  return readingsUsed(a).map((u) => `${u.kanji}:${u.reading.reading}:${u.variant}`);
}

describe('alignReading', () => {
  it('matches plain on readings', () => {
    expect(used('上昇', 'じょうしょう')).toEqual(['上:ジョウ:exact', '昇:ショウ:exact']);
  });

  it('does not let 上 as ショウ match the じょう of 上昇 (no rendaku at the start of a word)', () => {
    const a = alignReading('上昇', 'じょうしょう', lookup)!;
    expect(a.segments[0].source?.reading).toBe('ジョウ');
    // Even with ジョウ missing from the readings, ショウ must not voice at the start of the word.
    const onlyShou = (k: string): KanjiReading[] | undefined =>
      k === '上' ? [{ kind: 'on', reading: 'ショウ' }] : lookup(k);
    const b = alignReading('上昇', 'じょうしょう', onlyShou);
    expect(b === null || readingsUsed(b).every((u) => u.kanji !== '上')).toBe(true);
  });

  it('handles rendaku on a non-initial kanji', () => {
    expect(used('手紙', 'てがみ')).toEqual(['手:て:exact', '紙:かみ:rendaku']);
    expect(used('株式会社', 'かぶしきがいしゃ')).toEqual(['株:かぶ:exact', '式:シキ:exact', '会:カイ:rendaku', '社:シャ:exact']);
  });

  it('handles っ gemination', () => {
    expect(used('学校', 'がっこう')).toEqual(['学:ガク:gemination', '校:コウ:exact']);
    expect(used('日記', 'にっき')).toEqual(['日:ニチ:gemination', '記:キ:exact']);
    expect(used('出発', 'しゅっぱつ').filter((u) => u.startsWith('発'))).toEqual(['発:ハツ:rendaku']);
  });

  it('handles gemination followed by half-voicing (一本 いっぽん) and 十 (じっぷん)', () => {
    expect(used('一本', 'いっぽん')).toEqual(['一:イチ:gemination', '本:ホン:rendaku']);
    expect(used('十分', 'じっぷん')).toEqual(['十:ジッ:exact', '分:フン:rendaku']);
    expect(used('十分', 'じゅうぶん')).toEqual(['十:ジュウ:exact', '分:ブン:exact']);
  });

  it('does not geminate the last kanji of a word', () => {
    expect(alignReading('学', 'がっ', lookup)).toBeNull();
  });

  it('matches kun stems with their okurigana', () => {
    expect(used('食べる', 'たべる')).toEqual(['食:た.べる:exact']);
    expect(used('食べ物', 'たべもの')).toEqual(['食:た.べる:exact', '物:もの:exact']);
    expect(used('起こす', 'おこす')).toEqual(['起:お.こす:exact']);
    expect(used('起きる', 'おきる')).toEqual(['起:お.きる:exact']);
    expect(used('分かる', 'わかる')).toEqual(['分:わ.かる:exact']);
  });

  it('matches noun forms that swallow the okurigana', () => {
    expect(used('受付', 'うけつけ')).toEqual(['受:う.ける:noun-form', '付:つ.ける:noun-form']);
    expect(used('物語', 'ものがたり')).toEqual(['物:もの:exact', '語:かた.る:noun-form']);
    expect(used('切手', 'きって')).toEqual(['切:き.る:noun-form', '手:て:exact']);
  });

  it('repeats the previous kanji for 々 with rendaku', () => {
    const a = alignReading('人々', 'ひとびと', lookup)!;
    expect(a.segments.map((s) => s.reading)).toEqual(['ひと', 'びと']);
    expect(used('人々', 'ひとびと')).toEqual(['人:ひと:exact']);
  });

  it('handles renjō after ん', () => {
    expect(used('反応', 'はんのう')).toContain('反:ハン:exact');
    expect(used('反応', 'はんのう').some((u) => u.startsWith('応:'))).toBe(true);
  });

  it('returns null for jukujikun', () => {
    expect(alignReading('今日', 'きょう', lookup)).toBeNull();
  });

  it('lets one irregular kanji pass in a compound so the others still align (日本 にほん)', () => {
    const a = alignReading('日本', 'にほん', lookup)!;
    expect(a.segments[0].variant).toBe('unknown');
    expect(used('日本', 'にほん')).toEqual(['本:ホン:exact']);
  });

  it('accepts katakana readings and kana in the written form', () => {
    expect(used('お見合い', 'おみあい')).toEqual(['見:み.る:exact']);
    expect(used('ガス会社', 'ガスがいしゃ')).toEqual(['会:カイ:rendaku', '社:シャ:exact']);
  });

  it('builds ruby per kanji run, or per kanji grouping irregular runs', () => {
    expect(rubyFromAlignment(alignReading('食べ物', 'たべもの', lookup)!)).toBe('食[た]べ物[もの]');
    expect(rubyFromAlignment(alignReading('学校', 'がっこう', lookup)!)).toBe('学校[がっこう]');
    expect(rubyFromAlignment(alignReading('学校', 'がっこう', lookup)!, true)).toBe('学[がっ]校[こう]');
    expect(rubyFromAlignment(alignReading('日本', 'にほん', lookup)!, true)).toBe('日本[にほん]');
    expect(rubyFromAlignment(alignReading('人々', 'ひとびと', lookup)!, true)).toBe('人々[ひとびと]');
  });
});

describe('okuriganaPenalty', () => {
  it('prefers the reading whose okurigana is written out', () => {
    expect(okuriganaPenalty('こす', 'こす')).toBe(0);
    expect(okuriganaPenalty('こす', 'こし')).toBeLessThan(okuriganaPenalty('こる', 'こし'));
    expect(okuriganaPenalty('べる', '')).toBeGreaterThan(1);
  });
  it('reads a kanji with the kun reading whose okurigana the word writes, not an on reading of the same sound (issue 29)', () => {
    const kr = (w: string, r: string) => used(w, r).map((u) => u.split(':').slice(0, 2).join('='));
    // 死ぬ is し.ぬ and 差す is さ.す: the on readings シ and サ sound the same but carry no okurigana.
    expect(kr('死ぬ', 'しぬ')).toEqual(['死=し.ぬ']);
    expect(kr('死んだ', 'しんだ')).toEqual(['死=し.ぬ']);
    expect(kr('差す', 'さす')).toEqual(['差=さ.す']);
    expect(kr('日差し', 'ひざし')).toEqual(['日=ひ', '差=さ.す']);
    expect(kr('秘める', 'ひめる')).toEqual(['秘=ひ.める']);
    // Without okurigana, or with kana no kun reading accounts for, the on reading stays.
    expect(kr('必死', 'ひっし')).toEqual(['必=ヒツ', '死=シ']);
    expect(kr('差別', 'さべつ')).toEqual(['差=サ', '別=ベツ']);
    expect(kr('課す', 'かす')).toEqual(['課=カ']);
  });
});
