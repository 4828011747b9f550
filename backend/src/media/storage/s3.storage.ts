import { MediaJobError } from '../media-job-error';
import { providerFetch } from '../providers/provider-http';
import { isMediaKey, keyAtEnd, MediaStorage } from './media-storage';
import { sha256Hex, signV4 } from './sigv4';

export interface S3Settings {
  /** e.g. http://127.0.0.1:9000 (MinIO), https://<account>.r2.cloudflarestorage.com; empty = AWS */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** where browsers load the objects from (a CDN or the bucket's public URL) */
  publicUrl?: string;
}

/**
 * S3-compatible object storage with SigV4-signed PUT/GET/DELETE over fetch. With S3_ENDPOINT the bucket is
 * addressed path-style (what MinIO and most compatible stores expect); without it, AWS virtual-hosted style.
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;

  constructor(
    private readonly settings: S3Settings,
    private readonly options: { timeoutMs?: number; now?: () => Date } = {},
  ) {}

  objectUrl(key: string): URL {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    if (this.settings.endpoint) return new URL(`${this.settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(this.settings.bucket)}/${key}`);
    return new URL(`https://${this.settings.bucket}.s3.${this.settings.region}.amazonaws.com/${key}`);
  }

  publicUrlOf(key: string): string {
    return this.settings.publicUrl ? `${this.settings.publicUrl.replace(/\/+$/, '')}/${key}` : this.objectUrl(key).toString();
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Response> {
    const url = this.objectUrl(key);
    const signed = signV4({
      method,
      url,
      headers,
      payloadHash: sha256Hex(body ?? ''),
      region: this.settings.region,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      now: this.options.now?.() ?? new Date(),
    });
    const { host: _host, ...sendHeaders } = signed.headers; // fetch sets Host itself
    return fetch(url, { method, headers: sendHeaders, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000) });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<string> {
    const call = { provider: 'the S3 storage', hint: 'Check S3_ENDPOINT and S3_BUCKET.', timeoutMs: this.options.timeoutMs ?? 60_000 };
    const url = this.objectUrl(key);
    const payloadHash = sha256Hex(bytes);
    const signed = signV4({
      method: 'PUT',
      url,
      headers: { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' },
      payloadHash,
      region: this.settings.region,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      now: this.options.now?.() ?? new Date(),
    });
    const { host: _host, ...headers } = signed.headers;
    await providerFetch(url.toString(), { method: 'PUT', headers, body: new Uint8Array(bytes) }, call);
    return this.publicUrlOf(key);
  }

  async get(key: string): Promise<Buffer | null> {
    let response: Response;
    try {
      response = await this.send('GET', key);
    } catch (error) {
      throw new MediaJobError(`Could not reach the S3 storage (${(error as Error).message}). Check S3_ENDPOINT.`, true);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new MediaJobError(`The S3 storage answered HTTP ${response.status} when reading ${key}.`, response.status >= 500);
    return Buffer.from(await response.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key).catch(() => null);
    if (response && !response.ok && response.status !== 404) throw new MediaJobError(`The S3 storage answered HTTP ${response.status} when deleting ${key}.`, true);
  }

  keyOf(urlOrKey: string): string | null {
    if (isMediaKey(urlOrKey)) return urlOrKey;
    const ours = [this.settings.publicUrl, this.settings.endpoint, `https://${this.settings.bucket}.s3.${this.settings.region}.amazonaws.com`].filter(Boolean) as string[];
    if (!ours.some((prefix) => urlOrKey.startsWith(prefix.replace(/\/+$/, '')))) return null;
    return keyAtEnd(urlOrKey);
  }
}
