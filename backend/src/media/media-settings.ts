import { AppConfig } from '../platform/config/config';
import { isOpenJTalkInstalled } from './providers/tts/open-jtalk-tts.provider';

/**
 * The media configuration resolved once from the environment (docs/media.md). OpenAI-compatible settings
 * work with OpenAI, Ollama, vLLM and llama.cpp: with only OPENAI_API_KEY set the base is api.openai.com and
 * the models default to OpenAI's; against any other base URL each feature is on only when its model is named.
 */
export interface MediaSettings {
  concurrency: number;
  lockMs: number;
  stalledIntervalMs: number;
  shutdownGraceMs: number;
  timeoutMs: number;
  maxUploadBytes: number;
  mediaDir: string;
  storage: { kind: 'local'; dir: string } | { kind: 's3'; endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string };
  tts:
    | { kind: 'open-jtalk'; command: string; dictionary: string; voice: string }
    | { kind: 'espeak'; command: string; voice: string }
    | { kind: 'voicevox'; url: string; speaker: number }
    | { kind: 'openai'; baseUrl: string; apiKey?: string; model: string; voice: string };
  chat: { baseUrl: string; apiKey?: string; model: string } | null;
  images: { baseUrl: string; apiKey?: string; model: string; size: string } | null;
  breakdown: 'kuromoji' | 'llm';
}

const OPENAI_API = 'https://api.openai.com/v1';

export function mediaSettings(config: AppConfig): MediaSettings {
  const key = config.OPENAI_API_KEY;
  const base = config.OPENAI_BASE_URL ?? (key ? OPENAI_API : undefined);
  const onOpenAi = Boolean(key && !config.OPENAI_BASE_URL);
  const model = (explicit: string | undefined, openAiDefault: string) => explicit ?? (onOpenAi ? openAiDefault : undefined);
  const chatModel = model(config.OPENAI_CHAT_MODEL, 'gpt-4o-mini');
  const ttsModel = model(config.OPENAI_TTS_MODEL, 'gpt-4o-mini-tts');
  const imageModel = model(config.OPENAI_IMAGE_MODEL, 'gpt-image-1');

  const openJTalk = { command: config.OPEN_JTALK_PATH, dictionary: config.OPEN_JTALK_DICTIONARY, voice: config.OPEN_JTALK_VOICE };
  // With nothing configured: Open JTalk when its command, dictionary and voice are installed, else espeak-ng.
  const ttsKind =
    config.TTS_PROVIDER ??
    (config.VOICEVOX_URL ? 'voicevox' : base && config.OPENAI_TTS_MODEL ? 'openai' : isOpenJTalkInstalled(openJTalk) ? 'open-jtalk' : 'espeak');
  let tts: MediaSettings['tts'];
  if (ttsKind === 'open-jtalk') {
    tts = { kind: 'open-jtalk', ...openJTalk };
  } else if (ttsKind === 'voicevox') {
    if (!config.VOICEVOX_URL) throw new Error('Invalid configuration: TTS_PROVIDER=voicevox needs VOICEVOX_URL (e.g. http://127.0.0.1:50021).');
    tts = { kind: 'voicevox', url: config.VOICEVOX_URL, speaker: config.VOICEVOX_SPEAKER };
  } else if (ttsKind === 'openai') {
    if (!base || !ttsModel) throw new Error('Invalid configuration: TTS_PROVIDER=openai needs OPENAI_BASE_URL or OPENAI_API_KEY, and OPENAI_TTS_MODEL.');
    tts = { kind: 'openai', baseUrl: base, apiKey: key, model: ttsModel, voice: config.OPENAI_TTS_VOICE };
  } else {
    tts = { kind: 'espeak', command: config.ESPEAK_NG_PATH, voice: config.ESPEAK_NG_VOICE };
  }

  const storageKind = config.MEDIA_STORAGE ?? (config.S3_BUCKET ? 's3' : 'local');
  let storage: MediaSettings['storage'];
  if (storageKind === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !config[k]);
    if (missing.length) throw new Error(`Invalid configuration: S3 storage needs ${missing.join(', ')}.`);
    storage = {
      kind: 's3',
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL,
    };
  } else {
    storage = { kind: 'local', dir: config.MEDIA_DIR };
  }

  return {
    concurrency: config.MEDIA_WORKER_CONCURRENCY,
    lockMs: config.MEDIA_LOCK_MS,
    stalledIntervalMs: config.MEDIA_STALLED_INTERVAL_MS,
    shutdownGraceMs: config.MEDIA_SHUTDOWN_GRACE_MS,
    timeoutMs: config.MEDIA_PROVIDER_TIMEOUT_MS,
    maxUploadBytes: config.MEDIA_MAX_UPLOAD_BYTES,
    mediaDir: config.MEDIA_DIR,
    storage,
    tts,
    chat: base && chatModel ? { baseUrl: base, apiKey: key, model: chatModel } : null,
    images: base && imageModel ? { baseUrl: base, apiKey: key, model: imageModel, size: config.OPENAI_IMAGE_SIZE } : null,
    breakdown: config.BREAKDOWN_PROVIDER,
  };
}

/** `<base>/chat/completions` whether the base URL ends in /v1 (OpenAI SDK style) or not (…:11434). */
export function openAiUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v\d+$/.test(base) ? `${base}${path}` : `${base}/v1${path}`;
}
