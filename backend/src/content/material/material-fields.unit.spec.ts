import { canonical, CARD_OVERRIDE_FIELDS, fieldChanges } from './material-fields';

describe('material field rules', () => {
  it('keeps only real changes; missing and null are the same; key order does not matter', () => {
    expect(fieldChanges({ a: 1, b: { x: 1, y: 2 } }, { a: 1, b: { y: 2, x: 1 }, c: null })).toEqual({});
    expect(fieldChanges({ a: 'x' }, { a: null })).toEqual({ a: { before: 'x', after: null } });
    expect(fieldChanges({}, { is_audio_approved: true }, { is_audio_approved: false })).toEqual({ is_audio_approved: { before: false, after: true } });
    expect(fieldChanges({}, { is_audio_approved: false }, { is_audio_approved: false })).toEqual({});
  });

  it('canonical ignores null members and sorts keys', () => {
    expect(canonical({ b: 1, a: null, c: [{ z: 1, y: undefined }] })).toBe('{"b":1,"c":[{"z":1}]}');
  });

  it('lets a card carry its own context note beside its media and approvals', () => {
    expect(CARD_OVERRIDE_FIELDS).toEqual(expect.arrayContaining(['sentence_context', 'audio_url', 'is_image_approved']));
  });
});
