import { missingInput, notConfigured } from '../media-job-error';
import { contentKey } from '../storage/media-storage';
import { MediaJob, sentenceOf, text } from './media-job';

/**
 * Speaks the card: a kana card its kana, every other card its sentence (the word in context; audio-only
 * vocab study plays it), or the word when there is no sentence yet.
 */
export const fetchAudioJob: MediaJob = {
  action: 'fetch_audio',
  async run({ materialType, material, providers, storage, signal, log }) {
    if (!providers.tts) throw notConfigured('fetch_audio');
    const spoken =
      materialType === 'kana'
        ? text(material.kana)
        : (sentenceOf(material) ?? text(material.vocab) ?? text(material.vocab_hiragana) ?? text(material.kana));
    if (!spoken) throw missingInput('This material has no sentence, word or kana to speak yet.');
    // The sentence is read as its furigana says (Open JTalk follows it; other engines may ignore it).
    const furigana = materialType !== 'kana' && sentenceOf(material) === spoken ? text(material.furigana) : undefined;
    const reading = spoken === text(material.vocab) ? text(material.vocab_hiragana) : undefined;
    const audio = await providers.tts.synthesize(spoken, signal, furigana ? { furigana } : reading ? { reading } : undefined);
    log(`${providers.tts.name} spoke "${audio.spokenText}" (${audio.bytes.length} bytes ${audio.contentType})`);
    const url = await storage.put(contentKey(audio.bytes, audio.ext), audio.bytes, audio.contentType);
    return { audio_url: url, audio_spec: audio.spec };
  },
};
