import { parseEdictLine } from './edict';
import { buildCandidates } from './vocab-candidates';
import { partOfSpeech, registerNote, wordSenses, wordVariants } from './vocab-details';

const word = (...rows: string[]) => buildCandidates(rows.map((t, i) => parseEdictLine(t, i + 1)!))[0];

describe('what a word card shows besides its meaning', () => {
  it('names the part of speech with verb class and transitivity', () => {
    expect(partOfSpeech(word('書く [かく] /(v5k,vt) (1) to write/(P)/').senses[0])).toBe('godan verb (-ku), transitive');
    expect(partOfSpeech(word('勉強 [べんきょう] /(n,vs) study/(P)/').senses[0])).toBe('noun, suru verb');
  });

  it('shows the core meaning first, leaves out specialist and hidden senses, and strips origin tags', () => {
    const eleven = word('十一 [じゅういち] /(num) (1) eleven/(n) (2) (cards) jack (playing card)/(n) (3) (zool) hawk-cuckoo/(P)/');
    expect(wordSenses(eleven, 'eleven').map((s) => s.glosses)).toEqual([['eleven']]);
    const bread = word('パン /(n) (1) bread (por: pão)/(n) (2) pan/(P)/');
    expect(wordSenses(bread, 'bread')[0].glosses).toEqual(['bread']);
    const meat = word('肉 [にく] /(n) (1) flesh/(n) (2) meat/(P)/');
    expect(wordSenses(meat, 'meat').map((s) => s.glosses[0])).toEqual(['meat', 'flesh']);
    const himo = word('紐 [ひも] /(n) (1) (uk) string/cord/(n) (2) (uk) man who is financially dependent on a woman/gigolo/(P)/');
    expect(wordSenses(himo, 'string', ['man who is financially dependent'])).toHaveLength(1);
  });

  it('gives a register note to a word with an offensive sense, and an authored note wins', () => {
    const yarou = word('野郎 [やろう] /(n) (1) guy/fellow/(n) (2) (derog) bastard/(P)/');
    expect(registerNote(yarou, new Map())).toMatch(/bastard.*derogatory/);
    expect(registerNote(yarou, new Map([['野郎|やろう', 'Rude and masculine.']]))).toBe('Rude and masculine.');
    expect(registerNote(word('猫 [ねこ] /(n) cat/(P)/'), new Map())).toBeUndefined();
  });

  it('lists other spellings, but not the kanji spellings of a loanword', () => {
    const listen = word('聞く [きく] /(v5k,vt) to hear/to listen/(P)/', '聴く [きく] /(v5k,vt) to hear/to listen/(P)/');
    expect(wordVariants(listen, '聞く')).toEqual([{ written: '聴く', reading: 'きく' }]);
    const cup = word('コップ /(n) glass (drinking vessel)/(P)/', '洋杯 [コップ] /(n) glass (drinking vessel)/(P)/');
    expect(wordVariants(cup, 'コップ')).toEqual([]);
  });
});
