import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3-compatible storage (AWS, MinIO, Cloudflare R2, Garage…), over plain fetch.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */

export interface SigV4Request {
  method: string;
  url: URL;
  /** headers to send and sign (host and x-amz-* are added) */
  headers: Record<string, string>;
  /** hex sha256 of the body */
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - _ . ~ stay. */
export function uriEncode(value: string, keepSlash = false): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

export function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The canonical request, string to sign and Authorization header; `headers` answers what to send. */
export function signV4(request: SigV4Request): { headers: Record<string, string>; canonicalRequest: string; stringToSign: string; signature: string } {
  const service = request.service ?? 's3';
  const date = amzDate(request.now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = String(value).trim().replace(/\s+/g, ' ');
  headers.host = request.url.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = request.payloadHash;
  const names = Object.keys(headers).sort();
  // The path arrives already percent-encoded by URL; decode and re-encode so both spellings sign alike.
  const path = request.url.pathname.split('/').map((segment) => uriEncode(decodeURIComponent(segment))).join('/') || '/';
  const query = [...request.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    request.method.toUpperCase(),
    path,
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${request.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${request.secretAccessKey}`, day), request.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}
