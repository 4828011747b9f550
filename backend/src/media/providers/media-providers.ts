import { MediaSettings } from '../media-settings';
import { LocalDiskStorage } from '../storage/local-disk.storage';
import { MediaStorage } from '../storage/media-storage';
import { S3Storage } from '../storage/s3.storage';
import { BreakdownProvider } from './breakdown/breakdown-provider';
import { KuromojiBreakdownProvider } from './breakdown/kuromoji-breakdown.provider';
import { LlmBreakdownProvider } from './breakdown/llm-breakdown.provider';
import { ImageProvider } from './images/image-provider';
import { OpenAiImagesProvider } from './images/openai-images.provider';
import { LlmProvider } from './llm/llm-provider';
import { OpenAiChatProvider } from './llm/openai-chat.provider';
import { EspeakTtsProvider } from './tts/espeak-tts.provider';
import { OpenJTalkTtsProvider } from './tts/open-jtalk-tts.provider';
import { OpenAiSpeechProvider } from './tts/openai-speech.provider';
import { TtsProvider } from './tts/tts-provider';
import { VoicevoxTtsProvider } from './tts/voicevox-tts.provider';

/** The providers the jobs use; null = not configured (the job fails with "No provider configured for …"). */
export interface MediaProviders {
  tts: TtsProvider | null;
  llm: LlmProvider | null;
  images: ImageProvider | null;
  breakdown: BreakdownProvider | null;
}

export const MEDIA_PROVIDERS = Symbol('MEDIA_PROVIDERS');
export const MEDIA_SETTINGS = Symbol('MEDIA_SETTINGS');

export function createMediaProviders(settings: MediaSettings, options: { vocabFile?: string; onEncoderError?: (e: Error) => void } = {}): MediaProviders {
  const t = settings.timeoutMs;
  const tts = createTtsProvider(settings.tts, t, options.onEncoderError);
  const llm = settings.chat ? new OpenAiChatProvider(settings.chat, t) : null;
  const images = settings.images ? new OpenAiImagesProvider(settings.images, t) : null;
  const breakdown = settings.breakdown === 'llm' ? (llm ? new LlmBreakdownProvider(llm) : null) : new KuromojiBreakdownProvider(options.vocabFile);
  return { tts, llm, images, breakdown };
}

function createTtsProvider(tts: MediaSettings['tts'], timeoutMs: number, onEncoderError?: (e: Error) => void): TtsProvider {
  switch (tts.kind) {
    case 'open-jtalk':
      return new OpenJTalkTtsProvider({ command: tts.command, dictionary: tts.dictionary, voice: tts.voice, timeoutMs: Math.min(timeoutMs, 60_000), onEncoderError });
    case 'voicevox':
      return new VoicevoxTtsProvider(tts.url, tts.speaker, timeoutMs);
    case 'openai':
      return new OpenAiSpeechProvider(tts, timeoutMs);
    case 'espeak':
      return new EspeakTtsProvider(tts.command, tts.voice, { timeoutMs: Math.min(timeoutMs, 60_000), onEncoderError });
  }
}

export function createMediaStorage(settings: MediaSettings): MediaStorage {
  if (settings.storage.kind === 's3') return new S3Storage(settings.storage, { timeoutMs: settings.timeoutMs });
  return new LocalDiskStorage(settings.storage.dir);
}
