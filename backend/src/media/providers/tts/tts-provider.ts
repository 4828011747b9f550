export interface SpeechAudio {
  bytes: Buffer;
  ext: string;
  contentType: string;
  /** what made it (Material.audio_spec): 'espeak-ng' marks synthetic speech */
  spec: string;
  /** the text the engine actually spoke (espeak-ng: the kana pronunciation) */
  spokenText: string;
}

/** Text-to-speech: Japanese text in, a file a browser can play out. */
export interface TtsProvider {
  readonly name: string;
  synthesize(text: string, signal?: AbortSignal): Promise<SpeechAudio>;
}
