import { voiceInputOf } from '../catalogue/voice-input';
import { createAdminMaterial, recordMediaEvent, recordVoiceOutcome, reviseMaterialFields, setMaterialRetired } from './material.decide';
import { evolveStream, MaterialStream } from './material.state';

const ref = { type: 'vocab' as const, id: 7 };
const empty: MaterialStream = { ref, streamVersion: 0, material: null };
const outcome = (materialId = 7) => ({ type: 'MediaActionSucceeded', data: { materialType: 'vocab', materialId, action: 'voice' }, eventId: '00000000-0000-4000-8000-000000000001' });

/** A word imported by content, then a media outcome in its stream: stream version 2, material version 1. */
function word(): MaterialStream {
  const imported = createAdminMaterial(empty, { kanji: '朝', reading: 'あさ', definition: 'morning' });
  return [...imported, outcome()].reduce(evolveStream, empty);
}

describe('the material aggregate decides', () => {
  it('counts every event of the stream but only material events in the material version', () => {
    const stream = word();
    expect(stream.streamVersion).toBe(2);
    expect(stream.material).toMatchObject({ version: 1, origin: 'admin', data: { id: 7, kanji: '朝' } });
  });

  it('revises only the fields that change, against the material version the editor saw', () => {
    const stream = word();
    expect(reviseMaterialFields(stream, { set: { definition: 'morning', kanji: '朝' } })).toEqual([]);
    const [revised] = reviseMaterialFields(stream, { set: { definition: 'dawn' }, expectedVersion: 1 });
    expect(revised).toMatchObject({ type: 'MaterialRevised', data: { source: 'admin', changes: { definition: { before: 'morning', after: 'dawn' } } } });
    // The media outcome moved the stream, not the material: version 2 is no version of the material.
    expect(() => reviseMaterialFields(stream, { set: { definition: 'dawn' }, expectedVersion: 2 })).toThrow(expect.objectContaining({ status: 409 }));
    expect(() => reviseMaterialFields(empty, { set: { definition: 'dawn' } })).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('counts a missing approval as its default, so unapproving a card that never had one changes nothing', () => {
    const stream = word();
    expect(reviseMaterialFields(stream, { set: { is_audio_approved: false }, defaults: { is_audio_approved: false } })).toEqual([]);
    expect(reviseMaterialFields(stream, { set: { is_audio_approved: false } })).toHaveLength(1);
  });

  it('creates a material once', () => {
    expect(() => createAdminMaterial(word(), { kanji: '夜' })).toThrow(expect.objectContaining({ status: 409 }));
    // A stream that holds only media events (a bare catalogue row) may still get its material.
    const mediaOnly = [outcome()].reduce(evolveStream, empty);
    expect(createAdminMaterial(mediaOnly, { kanji: '夜' })).toHaveLength(1);
  });

  it('retires and restores once each', () => {
    const stream = word();
    const retire = setMaterialRetired(stream, true);
    expect(retire.result).toEqual({ changed: true });
    const retired = retire.events.reduce(evolveStream, stream);
    expect(retired.material?.retired).toBe('admin');
    expect(setMaterialRetired(retired, true)).toEqual({ events: [], result: { changed: false } });
    expect(setMaterialRetired(stream, false)).toEqual({ events: [], result: { changed: false } });
    expect(setMaterialRetired(retired, false).events).toMatchObject([{ type: 'MaterialRestored', data: { source: 'admin' } }]);
  });

  it('records a media event on its own material only, with or without a material', () => {
    expect(recordMediaEvent(empty, outcome())).toEqual([outcome()]);
    expect(() => recordMediaEvent(word(), outcome(8))).toThrow(/does not belong/);
  });

  it('gives a voice clip to the material while it holds the text it was made from', () => {
    const stream = word();
    const key = voiceInputOf('vocab', stream.material!.data)!.key;
    const clip = { key, url: '/media/x.wav', spec: 'open-jtalk', spoken: 'あさ', bytes: 10 };
    const revisionId = '00000000-0000-4000-8000-000000000002';
    const events = recordVoiceOutcome(stream, outcome(), { key, clip }, revisionId);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ eventId: revisionId, data: { source: 'media', changes: { voice: { before: null, after: clip } } } });

    expect(recordVoiceOutcome(stream, outcome(), { key: 'f'.repeat(32), clip }, revisionId)).toHaveLength(1);
    const failed = recordVoiceOutcome(stream, outcome(), { key, error: 'engine down' }, revisionId);
    expect(failed[1]).toMatchObject({ data: { changes: { voice_failed: { before: null, after: { key, error: 'engine down' } } } } });
    expect(recordVoiceOutcome(stream, outcome(), { key }, revisionId)).toHaveLength(1);
  });
});
