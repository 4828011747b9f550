import { createAdminMaterial } from '../material/material.decide';
import { evolveStream, MaterialStream } from '../material/material.state';
import type { MaterialKind } from '../material/material.events';
import {
  approvalsOf,
  CardEdit,
  CardShown,
  checkCardEdit,
  decideAdminSentence,
  decideCardEdit,
  decideSentenceEdit,
  decideWordEdit,
  newSentenceData,
} from './edit-card.decide';

/** A material's stream holding one MaterialImported of `data` (stream and material version 1). */
function streamOf(type: MaterialKind, id: number, data: Record<string, unknown> | null): MaterialStream {
  const empty: MaterialStream = { ref: { type, id }, streamVersion: 0, material: null };
  return data ? createAdminMaterial(empty, data).reduce(evolveStream, empty) : empty;
}

const reading = streamOf('reading', 3, { kanji: '朝', reading: 'あさ', vocab_id: 5, vocab_id_options: [5, 6], is_audio_approved: true, audio_url: '/a.ogg' });
const readingShown: CardShown = { type: 'reading', id: 3, data: { kanji: '朝', vocab_id: 5, sentence_id: 40, audio_url: '/a.ogg', image_url: '/i.webp' } };
const vocab = streamOf('vocab', 5, { kanji: '朝', reading: 'あさ', definition: 'morning' });
const vocabShown: CardShown = { type: 'vocab', id: 5, data: { vocab: '朝', sentence_id: 40 } };
const kana = streamOf('kana', 1, { kana: 'あ' });
const kanaShown: CardShown = { type: 'kana', id: 1, data: { kana: 'あ' } };

/** The `changes` of the card's own MaterialRevised, or null when it appends nothing. */
function ownChanges(stream: MaterialStream, shown: CardShown, edit: CardEdit): Record<string, unknown> | null {
  const { events } = decideCardEdit(stream, shown, edit);
  expect(events.length).toBeLessThanOrEqual(1);
  return events.length ? (events[0].data as { changes: Record<string, unknown> }).changes : null;
}

describe('a card edit places each field where the card shows it from', () => {
  it.each([
    ['a reading word field on its word', reading, readingShown, { vocab_meaning: 'dawn' }, { word: { values: { definition: 'dawn' }, fields: ['vocab_meaning'] } }],
    ['a sentence field on the sentence', vocab, vocabShown, { sentence: '朝だ', sentence_meaning: 'Morning.' }, { sentence: { values: { text: '朝だ', translation: 'Morning.' }, fields: ['sentence', 'sentence_meaning'] } }],
    ['sentence_context on the sentence the card shows', vocab, vocabShown, { sentence_context: 'at dawn' }, { sentence: { values: { context: 'at dawn' }, fields: ['sentence_context'] } }],
    ['a vocab card word field on its own stream', vocab, vocabShown, { vocab_meaning: 'dawn' }, { own: { definition: { before: 'morning', after: 'dawn' } } }],
    ['a kana word field on the kana', kana, kanaShown, { vocab_hiragana: 'あさ' }, { own: { vocab_reading: { before: null, after: 'あさ' } } }],
    // No sentence shown: the card's own note (the catalogue shows it before a sentence's context).
    ['sentence_context on a card without a sentence', kana, kanaShown, { sentence_context: 'a note' }, { own: { sentence_context: { before: null, after: 'a note' } } }],
    ['media fields on the card', reading, readingShown, { image_description: 'a sunrise' }, { own: { image_description: { before: null, after: 'a sunrise' } } }],
  ])('%s', (_name, stream, shown, set, expected: { own?: object; word?: object; sentence?: object }) => {
    const { result } = decideCardEdit(stream, shown, { kind: 'edit', set });
    expect(ownChanges(stream, shown, { kind: 'edit', set })).toEqual(expected.own ?? null);
    expect(result).toEqual({ word: expected.word ?? null, sentence: expected.sentence ?? null });
  });

  it('edits sentence_context on the card when the card already carries its own note', () => {
    const withNote = streamOf('vocab', 5, { kanji: '朝', sentence_context: 'mine' });
    expect(ownChanges(withNote, vocabShown, { kind: 'edit', set: { sentence_context: 'ours' } })).toEqual({ sentence_context: { before: 'mine', after: 'ours' } });
  });
});

describe('what a new medium changes (an upload, a job result)', () => {
  it.each([
    ['a new audio unapproves the approved one', { audio_url: '/b.ogg' }, { audio_url: { before: '/a.ogg', after: '/b.ogg' }, is_audio_approved: { before: true, after: false } }],
    ['the same audio keeps its approval (nothing to record)', { audio_url: '/a.ogg' }, null],
    ['an audio spec alone keeps the approval', { audio_spec: 'voice X' }, { audio_spec: { before: null, after: 'voice X' } }],
    // Never approved reads as false: setting it false again is no change.
    ['a new image on a card whose image was never approved', { image_url: '/j.webp' }, { image_url: { before: null, after: '/j.webp' } }],
    ['a cleared temporary image', { image_tmp: null }, null],
  ])('%s', (_name, set, expected) => {
    expect(ownChanges(reading, readingShown, { kind: 'media', set })).toEqual(expected);
  });

  it('compares with what the card shows, not only its own stream', () => {
    // The row shows /i.webp (the card's own stream has none in this fixture): the same image is no new medium.
    const approved = streamOf('reading', 3, { kanji: '朝', vocab_id: 5, is_image_approved: true });
    expect(ownChanges(approved, readingShown, { kind: 'media', set: { image_url: '/i.webp' } })).toEqual({ image_url: { before: null, after: '/i.webp' } });
    expect(ownChanges(approved, readingShown, { kind: 'media', set: { image_url: '/k.webp' } })).toEqual({
      image_url: { before: null, after: '/k.webp' },
      is_image_approved: { before: true, after: false },
    });
  });

  it('places a job result sentence on the sentence, as an edit would', () => {
    expect(decideCardEdit(vocab, vocabShown, { kind: 'media', set: { sentence: '朝だ', furigana: '朝[あさ]だ' } }).result.sentence).toEqual({
      values: { text: '朝だ', furigana: '朝[あさ]だ' },
      fields: ['sentence', 'furigana'],
    });
  });
});

describe('approvals', () => {
  it.each([
    ['an approval sets the flag (a flag never set read as false)', reading, { is_image_approved: true }, { is_image_approved: { before: false, after: true } }],
    ['an approval already given is no change', reading, { is_audio_approved: true }, null],
    ['an unapproval of an approved audio', reading, { is_audio_approved: false }, { is_audio_approved: { before: true, after: false } }],
    // Issue 31: the explicit false is the veto of the system voice, recorded on a card that never had the flag.
    ['an unapproval of a flag never set is recorded', vocab, { is_audio_approved: false }, { is_audio_approved: { before: null, after: false } }],
  ])('%s', (_name, stream, approvals, expected) => {
    expect(ownChanges(stream, { ...readingShown, type: stream.ref.type as 'reading' | 'vocab' }, { kind: 'approve', approvals })).toEqual(expected);
  });

  it('an admin edit that sets a never-set flag false changes nothing (it reads as false)', () => {
    expect(ownChanges(vocab, vocabShown, { kind: 'edit', set: { is_audio_approved: false } })).toBeNull();
  });

  it('reads the approvals of the actions, refusing a contradiction', () => {
    expect(approvalsOf(['approve_audio', 'fetch_audio', 'unapprove_image'])).toEqual({ is_audio_approved: true, is_image_approved: false });
    expect(approvalsOf(['fetch_image'])).toEqual({});
    expect(() => approvalsOf(['approve_audio', 'unapprove_audio'])).toThrow(
      expect.objectContaining({ code: 'validation_failed', message: expect.stringContaining('same audio'), details: { fields: [{ field: 'actions', message: 'Contradicting approvals.' }] } }),
    );
  });
});

describe('edits that change nothing or are refused', () => {
  it('answers no event when every value is the one the card has', () => {
    expect(decideCardEdit(vocab, vocabShown, { kind: 'edit', set: { vocab: '朝', vocab_hiragana: 'あさ' } })).toEqual({ events: [], result: { word: null, sentence: null } });
  });

  it('removes a field set to null', () => {
    expect(ownChanges(vocab, vocabShown, { kind: 'edit', set: { vocab_meaning: null } })).toEqual({ definition: { before: 'morning', after: null } });
  });

  const refused: Array<[string, MaterialStream, CardShown, Record<string, unknown>, string, string]> = [
    ['a field the card type does not have', kana, kanaShown, { grade: 2 }, 'grade', 'A kana has no field grade.'],
    ['a word that is not one of the candidates', reading, readingShown, { vocab_id: 9 }, 'vocab_id', "Word 9 is not one of this reading's candidate words (vocab_id_options)."],
    ['a kana word written two ways', kana, kanaShown, { vocab: 'あさ', vocab_hiragana: 'あした' }, 'vocab_hiragana', "A kana's example word is written in kana only: vocab and vocab_hiragana must be the same."],
  ];
  it.each(refused)('refuses %s, naming the field', (_name, stream, shown, set, field, message) => {
    expect(() => decideCardEdit(stream, shown, { kind: 'edit', set })).toThrow(
      expect.objectContaining({ code: 'validation_failed', message, details: { fields: [expect.objectContaining({ field })] } }),
    );
  });

  it('lets a reading choose a candidate word, keep its word or have none', () => {
    expect(ownChanges(reading, readingShown, { kind: 'edit', set: { vocab_id: 6 } })).toEqual({ vocab_id: { before: 5, after: 6 } });
    expect(ownChanges(reading, readingShown, { kind: 'edit', set: { vocab_id: 5 } })).toBeNull();
    expect(ownChanges(reading, readingShown, { kind: 'edit', set: { vocab_id: null } })).toEqual({ vocab_id: { before: 5, after: null } });
  });

  it('checks the kana word before anything is loaded, and only for an admin edit', () => {
    expect(() => checkCardEdit('kana', { kind: 'edit', set: { vocab: 'あ', vocab_hiragana: 'い' } })).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    expect(() => checkCardEdit('kana', { kind: 'edit', set: { vocab: 'あ', vocab_hiragana: 'あ' } })).not.toThrow();
    expect(() => checkCardEdit('vocab', { kind: 'edit', set: { vocab: '朝', vocab_hiragana: 'あさ' } })).not.toThrow();
  });

  it('refuses a card whose material has no history', () => {
    expect(() => decideCardEdit(streamOf('kana', 1, null), kanaShown, { kind: 'media', set: { audio_url: '/a.ogg' } })).toThrow(
      expect.objectContaining({ code: 'not_found', message: 'The kana material 1 has no history to edit.' }),
    );
  });
});

describe("the word's and the sentence's share", () => {
  const word = { values: { definition: 'dawn' }, fields: ['vocab_meaning'] };
  const sentence = { values: { text: '朝だ', translation: null }, fields: ['sentence', 'sentence_meaning'] };

  it('revises the word, or refuses word fields while the reading has no word', () => {
    expect(decideWordEdit(vocab, word)).toMatchObject([{ type: 'MaterialRevised', data: { changes: { definition: { before: 'morning', after: 'dawn' } } } }]);
    expect(() => decideWordEdit(streamOf('vocab', 5, null), word)).toThrow(
      expect.objectContaining({ code: 'validation_failed', details: { fields: [{ field: 'vocab_meaning', message: 'Choose a vocab id first.' }] } }),
    );
  });

  it('revises the shown sentence, or says it is missing', () => {
    const shown = streamOf('sentence', 40, { text: '夜だ', translation: 'Night.' });
    expect(decideSentenceEdit(shown, sentence).events).toMatchObject([{ data: { changes: { text: { after: '朝だ' }, translation: { after: null } } } }]);
    expect(decideSentenceEdit(streamOf('sentence', 40, null), sentence)).toEqual({ events: [], result: { missing: true } });
  });

  it("creates the card's own sentence, takes ours back, and leaves someone else's alone", () => {
    const card = { type: 'vocab' as const, id: 5 };
    expect(newSentenceData(sentence)).toEqual({ text: '朝だ' });
    expect(decideAdminSentence(streamOf('sentence', 77, null), card, sentence).events).toMatchObject([
      { type: 'MaterialImported', data: { source: 'admin', data: { id: 77, text: '朝だ', material_type: 'vocab', material_id: 5 } } },
    ]);
    const ours = streamOf('sentence', 77, { text: '夜だ', material_type: 'vocab', material_id: 5, is_approved: false });
    expect(decideAdminSentence(ours, card, sentence).events).toMatchObject([{ data: { changes: { text: { after: '朝だ' }, is_approved: { before: false, after: null } } } }]);
    const theirs = streamOf('sentence', 77, { text: '夜だ', material_type: 'vocab', material_id: 6 });
    expect(decideAdminSentence(theirs, card, sentence)).toEqual({ events: [], result: { taken: true } });
  });
});
