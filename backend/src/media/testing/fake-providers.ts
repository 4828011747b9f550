// Test helper (not used by the app): one loopback HTTP server speaking the protocols of the media providers —
// VOICEVOX (audio_query/synthesis), OpenAI-compatible chat completions, audio speech and image generations,
// and S3 object PUT/GET/DELETE with full SigV4 verification. Tests script its answers and read its requests.
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { encodeWav } from '../providers/audio/wav';
import { sha256Hex, signV4 } from '../storage/sigv4';

export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A second of 440 Hz at 24 kHz, like VOICEVOX's output format. */
export function sineWav(seconds = 1, rate = 24_000): Buffer {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.4 * Math.sin((2 * Math.PI * 440 * i) / rate);
  return encodeWav({ sampleRate: rate, samples });
}

/** An MP3 frame header after an ID3 tag: enough for a content sniffer. */
export const FAKE_MP3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: Buffer;
  json?: any;
}

/** Answers a request: return true when handled. Scripted handlers run before the built-in protocol. */
export type Script = (req: FakeRequest, res: ServerResponse) => boolean | Promise<boolean>;

export interface FakeProviders {
  url: string;
  requests: FakeRequest[];
  /** the JSON content the fake chat model answers next (FIFO); default: a generic sentence */
  chatAnswers: string[];
  /** S3 objects by `bucket/key` */
  objects: Map<string, { body: Buffer; contentType?: string; cacheControl?: string }>;
  s3: { accessKeyId: string; secretAccessKey: string; region: string; bucket: string };
  script(handler: Script): void;
  /** holds the next request to `path` until release() (a provider that hangs); later requests pass */
  hang(path: string): { arrived: Promise<void>; release: () => void };
  stop(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): true {
  const payload = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  res.writeHead(status, { 'content-type': type, 'content-length': payload.length });
  res.end(payload);
  return true;
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const requests: FakeRequest[] = [];
  const scripts: Script[] = [];
  const hangs: { path: string; arrived: () => void; released: Promise<void> }[] = [];
  const objects = new Map<string, { body: Buffer; contentType?: string; cacheControl?: string }>();
  const chatAnswers: string[] = [];
  const s3 = { accessKeyId: 'AKIDFAKEKIOKU', secretAccessKey: 'fake-secret-for-tests', region: 'eu-test-1', bucket: 'kioku-media' };

  function verifySigV4(req: FakeRequest): string | null {
    const auth = String(req.headers.authorization ?? '');
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return 'missing or malformed Authorization header';
    const [, keyId, , region, signed, signature] = m;
    if (keyId !== s3.accessKeyId) return 'unknown access key';
    if (region !== s3.region) return 'wrong region';
    const names = signed.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!names.includes(required)) return `${required} not signed`;
    if (req.headers['x-amz-content-sha256'] !== sha256Hex(req.body)) return 'payload hash mismatch';
    const amzDate = String(req.headers['x-amz-date']);
    const now = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
    const headers: Record<string, string> = {};
    for (const n of names) if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n)) headers[n] = String(req.headers[n] ?? '');
    const url = new URL(`http://${req.headers.host}${req.path}${Object.keys(req.query).length ? `?${new URLSearchParams(req.query)}` : ''}`);
    const expected = signV4({ method: req.method, url, headers, payloadHash: String(req.headers['x-amz-content-sha256']), region, accessKeyId: keyId, secretAccessKey: s3.secretAccessKey, now });
    return expected.signature === signature ? null : 'signature mismatch';
  }

  async function builtIn(req: FakeRequest, res: ServerResponse): Promise<void> {
    const p = req.path;
    // VOICEVOX engine
    if (req.method === 'POST' && p === '/audio_query') {
      send(res, 200, { accent_phrases: [{ moras: [], accent: 1 }], speedScale: 1, kana: req.query.text, outputSamplingRate: 24000 });
      return;
    }
    if (req.method === 'POST' && p === '/synthesis') {
      if (!req.json?.accent_phrases) send(res, 422, { detail: [{ msg: 'field required', loc: ['body'] }] });
      else send(res, 200, sineWav(1.2), 'audio/wav');
      return;
    }
    // OpenAI-compatible API
    if (p.startsWith('/v1/')) {
      if (!String(req.headers.authorization ?? '').startsWith('Bearer ')) {
        send(res, 401, { error: { message: 'You did not provide an API key.', type: 'invalid_request_error' } });
        return;
      }
      if (req.method === 'POST' && p === '/v1/chat/completions') {
        const content = chatAnswers.shift() ?? '{"sentence":"猫が好きです。","furigana":"猫[ねこ]が好[す]きです。","sentence_meaning":"I like cats."}';
        send(res, 200, { id: 'chatcmpl-fake', object: 'chat.completion', model: req.json?.model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] });
        return;
      }
      if (req.method === 'POST' && p === '/v1/audio/speech') {
        send(res, 200, FAKE_MP3, 'audio/mpeg');
        return;
      }
      if (req.method === 'POST' && p === '/v1/images/generations') {
        send(res, 200, { created: 1, data: [{ b64_json: TINY_PNG.toString('base64') }] });
        return;
      }
    }
    // S3 (path style: /<bucket>/<key>)
    if (p.startsWith(`/${s3.bucket}/`)) {
      const problem = verifySigV4(req);
      if (problem) {
        send(res, 403, `<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`, 'application/xml');
        return;
      }
      const key = decodeURIComponent(p.slice(1));
      if (req.method === 'PUT') {
        objects.set(key, { body: req.body, contentType: req.headers['content-type'], cacheControl: req.headers['cache-control'] as string | undefined });
        res.writeHead(200, { etag: `"${sha256Hex(req.body).slice(0, 32)}"` }).end();
        return;
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) send(res, 404, '<Error><Code>NoSuchKey</Code></Error>', 'application/xml');
        else send(res, 200, o.body, o.contentType);
        return;
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
    }
    send(res, 404, { error: `fake providers: nothing at ${req.method} ${p}` });
  }

  const server: Server = createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (c: Buffer) => chunks.push(c));
    incoming.on('end', async () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks);
      let json: unknown;
      if (String(incoming.headers['content-type'] ?? '').includes('json') && body.length) {
        try {
          json = JSON.parse(body.toString('utf8'));
        } catch {
          json = undefined;
        }
      }
      const req: FakeRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: incoming.headers, body, json };
      requests.push(req);
      try {
        const hang = hangs.find((h) => h.path === req.path);
        if (hang) {
          hangs.splice(hangs.indexOf(hang), 1);
          hang.arrived();
          await hang.released;
        }
        for (const s of scripts) if (await s(req, res)) return;
        await builtIn(req, res);
      } catch (error) {
        if (!res.headersSent) send(res, 500, { error: String(error) });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    chatAnswers,
    objects,
    s3,
    script: (handler) => scripts.unshift(handler),
    hang(path) {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedP = new Promise<void>((r) => (arrived = r));
      const released = new Promise<void>((r) => (release = r));
      const entry = { path, arrived, released };
      hangs.push(entry);
      return {
        arrived: arrivedP,
        release: () => {
          if (hangs.includes(entry)) hangs.splice(hangs.indexOf(entry), 1);
          release();
        },
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
