import { editableFields, materialFieldOf, placeOf } from './card-fields';

const plain = { hasContextOverride: false, hasSentence: true };

describe('where a Material field is stored', () => {
  it('puts media and approvals on the card, sentence fields on its sentence, word fields where the card has them', () => {
    expect(placeOf('reading', 'audio_url', plain)).toEqual({ target: 'own', field: 'audio_url' });
    expect(placeOf('reading', 'is_image_approved', plain)).toEqual({ target: 'own', field: 'is_image_approved' });
    expect(placeOf('vocab', 'sentence', plain)).toEqual({ target: 'sentence', field: 'text' });
    expect(placeOf('kana', 'sentence_meaning', plain)).toEqual({ target: 'sentence', field: 'translation' });
    expect(placeOf('reading', 'sentence_breakdown', plain)).toEqual({ target: 'sentence', field: 'breakdown' });
    expect(placeOf('reading', 'vocab_meaning', plain)).toEqual({ target: 'vocab', field: 'definition' });
    expect(placeOf('vocab', 'vocab_meaning', plain)).toEqual({ target: 'own', field: 'definition' });
    expect(placeOf('kana', 'vocab_hiragana', plain)).toEqual({ target: 'own', field: 'vocab_reading' });
    expect(placeOf('reading', 'vocab_id', plain)).toEqual({ target: 'own', field: 'vocab_id' });
  });

  it('edits sentence_context where the shown value comes from', () => {
    expect(placeOf('vocab', 'sentence_context', plain)).toEqual({ target: 'sentence', field: 'context' });
    expect(placeOf('vocab', 'sentence_context', { hasContextOverride: true, hasSentence: true })).toEqual({ target: 'own', field: 'sentence_context' });
    expect(placeOf('vocab', 'sentence_context', { hasContextOverride: false, hasSentence: false })).toEqual({ target: 'own', field: 'sentence_context' });
    expect(editableFields('vocab').filter((f) => f === 'sentence_context')).toHaveLength(1);
  });

  it('has no place for a field the card type does not have', () => {
    expect(placeOf('kana', 'grade', plain)).toBeNull();
    expect(placeOf('vocab', 'vocab_id', plain)).toBeNull();
    expect(placeOf('kana', 'reading', plain)).toBeNull();
    expect(editableFields('reading')).toEqual(expect.arrayContaining(['grade', 'vocab_id', 'sentence', 'is_audio_approved']));
  });

  it('names stored fields by their Material field for the history', () => {
    expect(materialFieldOf('sentence', 'translation')).toBe('sentence_meaning');
    expect(materialFieldOf('vocab', 'definition')).toBe('vocab_meaning');
    expect(materialFieldOf('kana', 'vocab_definition')).toBe('vocab_meaning');
    expect(materialFieldOf('reading', 'grade')).toBe('grade');
  });
});
