import { MediaJobError } from '../../media-job-error';
import { compressSpeech } from '../audio/compress-audio';
import { providerFetch } from '../provider-http';
import { SpeechAudio, TtsProvider } from './tts-provider';

/**
 * VOICEVOX engine (http://127.0.0.1:50021 in its Docker image): POST /audio_query?text=&speaker= builds the
 * accent phrases, POST /synthesis?speaker= with that query answers a WAV. It reads kanji itself.
 */
export class VoicevoxTtsProvider implements TtsProvider {
  readonly name = 'voicevox';

  constructor(
    private readonly baseUrl: string,
    private readonly speaker: number,
    private readonly timeoutMs: number,
  ) {}

  async synthesize(text: string, signal?: AbortSignal): Promise<SpeechAudio> {
    const base = this.baseUrl.replace(/\/+$/, '');
    const call = { provider: 'VOICEVOX', hint: 'Is the VOICEVOX engine running (docs/media.md)? Check VOICEVOX_URL.', timeoutMs: this.timeoutMs, signal };
    const params = new URLSearchParams({ text, speaker: String(this.speaker) });
    const queryResponse = await providerFetch(`${base}/audio_query?${params}`, { method: 'POST' }, call);
    const query = await queryResponse.text();
    try {
      JSON.parse(query);
    } catch {
      throw new MediaJobError(`VOICEVOX answered /audio_query with something that is not JSON. Check that VOICEVOX_URL points at the engine.`, false);
    }
    const wavResponse = await providerFetch(
      `${base}/synthesis?speaker=${this.speaker}`,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'audio/wav' }, body: query },
      call,
    );
    const wav = Buffer.from(await wavResponse.arrayBuffer());
    let audio;
    try {
      audio = await compressSpeech(wav, { maxRate: 24_000 });
    } catch (error) {
      throw new MediaJobError(`VOICEVOX did not answer /synthesis with a WAV file (${(error as Error).message}).`, false);
    }
    return { bytes: audio.bytes, ext: audio.ext, contentType: audio.contentType, spec: `voicevox:${this.speaker}`, spokenText: text };
  }
}
