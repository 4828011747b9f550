import { MediaJobError } from '../../media-job-error';
import { openAiUrl } from '../../media-settings';
import { bearer, providerFetch } from '../provider-http';
import { SpeechAudio, TtsProvider } from './tts-provider';

/** OpenAI-compatible speech: POST /v1/audio/speech {model, input, voice, response_format: mp3} → MP3 bytes. */
export class OpenAiSpeechProvider implements TtsProvider {
  readonly name = 'openai';

  constructor(
    private readonly settings: { baseUrl: string; apiKey?: string; model: string; voice: string },
    private readonly timeoutMs: number,
  ) {}

  async synthesize(text: string, signal?: AbortSignal): Promise<SpeechAudio> {
    const response = await providerFetch(
      openAiUrl(this.settings.baseUrl, '/audio/speech'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(this.settings.apiKey) },
        body: JSON.stringify({ model: this.settings.model, input: text, voice: this.settings.voice, response_format: 'mp3' }),
      },
      { provider: 'the OpenAI-compatible speech API', hint: 'Check OPENAI_BASE_URL.', timeoutMs: this.timeoutMs, signal },
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
    const kind = sniffAudio(bytes) ?? (type === 'audio/mpeg' ? 'mp3' : undefined);
    if (!kind || bytes.length < 16) throw new MediaJobError(`The speech API answered ${bytes.length} bytes of ${type || 'unknown type'}, not an audio file.`, true);
    const contentType = { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg' }[kind];
    return { bytes, ext: kind, contentType, spec: `openai:${this.settings.model}:${this.settings.voice}`, spokenText: text };
  }
}

function sniffAudio(bytes: Buffer): 'mp3' | 'wav' | 'ogg' | undefined {
  if (bytes.length < 4) return undefined;
  if (bytes.toString('ascii', 0, 3) === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return 'mp3';
  if (bytes.toString('ascii', 0, 4) === 'RIFF') return 'wav';
  if (bytes.toString('ascii', 0, 4) === 'OggS') return 'ogg';
  return undefined;
}
