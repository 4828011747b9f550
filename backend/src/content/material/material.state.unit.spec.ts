import { canonical } from './material-fields';
import { contentChanges, evolve, linksOf, MaterialState } from './material.state';

const imported = (data: Record<string, unknown>) =>
  evolve(undefined, {
    type: 'MaterialImported',
    streamVersion: 1,
    data: { materialType: 'vocab', materialId: 7, contentVersion: 'sha-1', data, source: 'content' },
  })!;

describe('material state', () => {
  it('given an import, when revised, then the changed fields take their after values and null removes a field', () => {
    const state = imported({ id: 7, kanji: '朝', reading: 'あさ', definition: 'morning', sentence_id: 3 });
    const next = evolve(state, {
      type: 'MaterialRevised',
      streamVersion: 2,
      data: {
        materialType: 'vocab',
        materialId: 7,
        source: 'content',
        contentVersion: 'sha-2',
        changes: { definition: { before: 'morning', after: 'morning; dawn' }, sentence_id: { before: 3, after: null } },
      },
    })!;
    expect(next.data).toEqual({ id: 7, kanji: '朝', reading: 'あさ', definition: 'morning; dawn' });
    expect(next).toMatchObject({ version: 2, contentVersion: 'sha-2', adminFields: [] });
  });

  it('records the fields an admin changed, and ignores events it has already folded', () => {
    const state = imported({ id: 7, definition: 'morning' });
    const edit = {
      type: 'MaterialRevised' as const,
      streamVersion: 2,
      data: { materialType: 'vocab' as const, materialId: 7, source: 'admin' as const, changes: { audio_url: { before: null, after: '/a.mp3' } } },
    };
    const next = evolve(state, edit)!;
    expect(next.adminFields).toEqual(['audio_url']);
    expect(next.contentVersion).toBe('sha-1');
    expect(evolve(next, edit)).toBe(next);
  });

  it('compares content field by field, treating missing and null alike, skipping admin fields', () => {
    const state: MaterialState = { ...imported({ id: 7, definition: 'morning', level: 1, sentence_id: null }), adminFields: ['definition'] };
    expect(contentChanges(state, { id: 7, definition: 'dawn', level: 2 }, ['id', 'definition', 'level', 'sentence_id'])).toEqual({
      level: { before: 1, after: 2 },
    });
    expect(canonical({ b: [1, { y: 2, x: 1 }], a: null })).toBe(canonical({ a: undefined, b: [1, { x: 1, y: 2 }] }));
  });

  it('links a reading to its kanji, word and sentence, and a sentence to its card', () => {
    expect(linksOf('reading', { kanji_id: 26085, vocab_id: 5 })).toEqual(['kanji:26085', 'vocab:5']);
    expect(linksOf('sentence', { material_type: 'vocab', material_id: 5 })).toEqual(['vocab:5']);
    expect(linksOf('kanji', { id: 1 })).toEqual([]);
  });

  describe('retirement', () => {
    const retired = (version: number, reason: 'removed-from-content' | 'admin' = 'removed-from-content') => ({
      type: 'MaterialRetired' as const,
      streamVersion: version,
      data: { materialType: 'vocab' as const, materialId: 7, reason, source: 'content' as const, contentVersion: `sha-${version}` },
    });
    const restored = (version: number) => ({
      type: 'MaterialRestored' as const,
      streamVersion: version,
      data: { materialType: 'vocab' as const, materialId: 7, source: 'content' as const, contentVersion: `sha-${version}` },
    });

    it('given a word imported from the files, when it is retired, then it keeps its data and says why it left', () => {
      const state = imported({ id: 7, kanji: '朝', definition: 'morning' });
      expect(state).toMatchObject({ origin: 'content', retired: null });
      const next = evolve(state, retired(2))!;
      expect(next).toMatchObject({ version: 2, retired: 'removed-from-content', contentVersion: 'sha-2', data: { kanji: '朝', definition: 'morning' } });
    });

    it('given a retired word, when it is revised, then the data changes and it stays retired; when restored, it is served again', () => {
      const gone = evolve(imported({ id: 7, definition: 'morning' }), retired(2))!;
      const revised = evolve(gone, {
        type: 'MaterialRevised',
        streamVersion: 3,
        data: { materialType: 'vocab', materialId: 7, source: 'content', contentVersion: 'sha-3', changes: { definition: { before: 'morning', after: 'dawn' } } },
      })!;
      expect(revised).toMatchObject({ retired: 'removed-from-content', data: { definition: 'dawn' } });
      const back = evolve(revised, restored(4))!;
      expect(back).toMatchObject({ version: 4, retired: null, data: { definition: 'dawn' }, contentVersion: 'sha-4' });
    });

    it('given a retirement folded once, when it is met again (a replay), then nothing changes', () => {
      const gone = evolve(imported({ id: 7 }), retired(2))!;
      expect(evolve(gone, retired(2))).toBe(gone);
      expect(evolve(gone, restored(2))).toBe(gone);
    });

    it('records an admin retirement as such, and a material an admin created as theirs', () => {
      expect(evolve(imported({ id: 7 }), retired(2, 'admin'))!.retired).toBe('admin');
      const created = evolve(undefined, {
        type: 'MaterialImported',
        streamVersion: 1,
        data: { materialType: 'sentence', materialId: 9, data: { text: '朝です' }, source: 'admin' },
      })!;
      expect(created).toMatchObject({ origin: 'admin', retired: null, adminFields: ['text'] });
    });

    it('ignores a retirement of a material that is not there', () => {
      expect(evolve(undefined, retired(1))).toBeUndefined();
    });
  });
});
