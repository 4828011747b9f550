export interface SpeechAudio {
  bytes: Buffer;
  ext: string;
  contentType: string;
  /** what made it (Material.audio_spec): 'espeak-ng' marks synthetic speech */
  spec: string;
  /** the text the engine actually spoke (espeak-ng: the kana pronunciation; Open JTalk: the text with kana for
   *  the kanji it would have misread) */
  spokenText: string;
  /** the voice, where the provider knows it (e.g. 'nitech-jp-atr503-m001') */
  voice?: string;
  /** the length of the clip, where the provider measured it */
  durationMs?: number;
}

/** What the card says about how the text is read. Providers that cannot use it may ignore it. */
export interface SpeechOptions {
  /** the text with ruby after each kanji run: 一日[ついたち]に行[い]きます。 The clip must read the text this way. */
  furigana?: string;
  /** the whole reading in kana, for a lone word */
  reading?: string;
}

/** Text-to-speech: Japanese text in, a file a browser can play out. */
export interface TtsProvider {
  readonly name: string;
  synthesize(text: string, signal?: AbortSignal, options?: SpeechOptions): Promise<SpeechAudio>;
}
