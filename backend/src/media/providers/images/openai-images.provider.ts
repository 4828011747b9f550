import { z } from 'zod';
import { MediaJobError } from '../../media-job-error';
import { openAiUrl } from '../../media-settings';
import { detectImage } from '../../upload/image-upload';
import { bearer, providerFetch } from '../provider-http';
import { GeneratedImage, ImageProvider } from './image-provider';

const answerSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().optional(), url: z.string().optional() })).min(1),
});

/**
 * OpenAI-compatible images: POST /v1/images/generations {model, prompt, n: 1, size} → data[0].b64_json (or a
 * url, fetched at once). dall-e models need response_format b64_json; gpt-image models always answer base64
 * and reject the parameter, so it is sent to dall-e only.
 */
export class OpenAiImagesProvider implements ImageProvider {
  readonly name = 'openai-images';

  constructor(
    private readonly settings: { baseUrl: string; apiKey?: string; model: string; size: string },
    private readonly timeoutMs: number,
  ) {}

  async generate(prompt: string, signal?: AbortSignal): Promise<GeneratedImage> {
    const call = { provider: 'the image API', hint: 'Check OPENAI_BASE_URL.', timeoutMs: this.timeoutMs, signal };
    const response = await providerFetch(
      openAiUrl(this.settings.baseUrl, '/images/generations'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(this.settings.apiKey) },
        body: JSON.stringify({
          model: this.settings.model,
          prompt,
          n: 1,
          size: this.settings.size,
          ...(this.settings.model.startsWith('dall-e') ? { response_format: 'b64_json' } : {}),
        }),
      },
      call,
    );
    const answer = answerSchema.safeParse(await response.json().catch(() => null));
    if (!answer.success) throw new MediaJobError('The image API answered without an image (expected data[0].b64_json). Check OPENAI_IMAGE_MODEL.', false);
    const first = answer.data.data[0];
    let bytes: Buffer;
    if (first.b64_json) bytes = Buffer.from(first.b64_json, 'base64');
    else if (first.url) bytes = Buffer.from(await (await providerFetch(first.url, {}, call)).arrayBuffer());
    else throw new MediaJobError('The image API answered without an image (no b64_json, no url).', false);
    const kind = detectImage(bytes);
    if (!kind) throw new MediaJobError('The image API answered with data that is not a PNG, JPEG, WebP or GIF image.', true);
    return { bytes, ext: kind.ext, contentType: kind.contentType };
  }
}
