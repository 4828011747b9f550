export interface GeneratedImage {
  bytes: Buffer;
  ext: string;
  contentType: string;
}

/** Text-to-image: a picture for a sentence, from its image description. */
export interface ImageProvider {
  readonly name: string;
  generate(prompt: string, signal?: AbortSignal): Promise<GeneratedImage>;
}
