import { MediaJobError } from '../media-job-error';
import { contentKey } from '../storage/media-storage';
import { MediaJob } from './media-job';

/**
 * The recipe of the system voice's clips: how a clip is made from its text, beyond the text itself. A clip is
 * stamped with it (`voice.recipe`); the voice scheduler (admin/voice) remakes every clip stamped with an older
 * one, the old clip being served until its new one is recorded. Bump it when a change makes every existing clip
 * worth remaking (not for a change of provider: that stays a choice of the operator's).
 *   1 (no stamp) issue 14: Open JTalk at its own level, silence-trimmed, Ogg Opus 24 kbit/s.
 *   2 issue 29 item 6: open_jtalk at −10 dB, every clip brought to −20 LUFS, peaks ≤ −1 dBFS (loudness.ts).
 */
export const VOICE_RECIPE = 2;

/**
 * The system voice (issue 14): speaks the text the job carries — a kana, a word read as the card reads it, a
 * sentence read as its furigana says — with the configured TTS provider (Open JTalk by default), stores the clip
 * under its content hash and names it in `result.voice` with the input key, so the catalogue serves it only while
 * the material still holds that text.
 */
export const voiceJob: MediaJob = {
  action: 'voice',
  async run({ voice, providers, storage, signal, log }) {
    if (!voice) throw new MediaJobError('A voice job must carry the text to speak.', false);
    if (!providers.tts) throw new MediaJobError('No provider configured for voice', false);
    const audio = await providers.tts.synthesize(
      voice.text,
      signal,
      voice.kind === 'sentence' ? { furigana: voice.furigana } : { reading: voice.reading },
    );
    const url = await storage.put(contentKey(audio.bytes, audio.ext), audio.bytes, audio.contentType);
    const spec = [audio.spec, audio.voice].filter(Boolean).join(' ');
    log(`${providers.tts.name} spoke "${audio.spokenText}" (${audio.bytes.length} bytes ${audio.contentType})`);
    return {
      audio_url: url,
      audio_spec: spec,
      voice: {
        key: voice.key,
        recipe: VOICE_RECIPE,
        url,
        spec,
        spoken: audio.spokenText,
        bytes: audio.bytes.length,
        ...(audio.durationMs !== undefined ? { duration_ms: Math.round(audio.durationMs) } : {}),
      },
    };
  },
};
