import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Sealed } from '../reader.events';

export interface TextContent {
  title: string;
  text: string;
}

/** A fresh key for one text (AES-256-GCM). */
export function newTextKey(): Buffer {
  return randomBytes(32);
}

/** Seals a text's title and text with its key: the event carries only this. */
export function sealText(content: TextContent, key: Buffer): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/** Opens a sealed text (throws when the key is not its key: tampered or wrong). */
export function openText(sealed: Sealed, key: Buffer): TextContent {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as TextContent;
}
