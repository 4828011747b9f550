import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { AdminTestContext, multipartBody, postMultipart, startAdminTestApp } from '../../admin/testing/admin-test-app';
import { loadConfig } from '../../platform/config/config';
import { rejection } from '../testing/rejection';
import { mediaSettings } from '../media-settings';
import { LocalDiskStorage } from '../storage/local-disk.storage';
import { sineWav, TINY_PNG } from '../testing/fake-providers';
import { MediaUploads } from './media-uploads';

// Issue 28 item 7: an upload is decoded, not only sniffed, and what is stored is the clean copy without the
// metadata the camera, the recorder or an editor put in the file.

const VOCAB = 640697243; // 私 わたし (content/load/fixtures)


/** A recording made by opusenc (opus-tools), with a title and a location in its comments. */
async function taggedOgg(dir: string): Promise<Buffer> {
  await writeFile(join(dir, 'tone.wav'), sineWav(0.4, 16_000));
  execFileSync('opusenc', ['--quiet', '--bitrate', '16', '--title', 'At home', '--comment', 'LOCATION=35.6586,139.7454', join(dir, 'tone.wav'), join(dir, 'tone.ogg')]);
  return readFile(join(dir, 'tone.ogg'));
}

/** A PNG with an editor's comment: a tEXt chunk after IHDR. */
async function pngWithComment(text: string): Promise<Buffer> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#cc3300' } }).png().toBuffer();
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // A valid CRC, so every decoder reads the chunk as the editor wrote it.
  const typed = Buffer.concat([Buffer.from('tEXt'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlibCrc32(typed));
  return Buffer.concat([png.subarray(0, 33), length, typed, crc, png.subarray(33)]);
}

function zlibCrc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('MediaUploads stores the decoded, clean copy', () => {
  let dir: string;
  let uploads: MediaUploads;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kioku-uploads-'));
    uploads = new MediaUploads(new LocalDiskStorage(dir), mediaSettings(loadConfig({ MEDIA_DIR: dir })));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('storeImageUpload: stores the PNG re-encoded, without its comment, under the hash of the clean bytes', async () => {
    const png = await pngWithComment('GPS 35.6586 N 139.7454 E');
    const stored = await uploads.storeImageUpload(png, 'holiday.png');
    expect(stored).toMatchObject({ ext: 'png', contentType: 'image/png', width: 16, height: 16, key: stored.name, image_url: `/media/${stored.name}` });
    const onDisk = await readFile(join(dir, stored.name));
    expect(onDisk.equals(png)).toBe(false);
    expect(onDisk.includes('139.7454')).toBe(false);
    expect((await sharp(onDisk).metadata()).comments).toBeUndefined();
  });

  it('storeImageUpload and validateImageUpload: a cut-short PNG is 400 (field image), a bomb 413, and nothing is stored', async () => {
    const before = await readdir(dir, { recursive: true });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const cut = png.subarray(0, png.length >> 1);
    for (const call of [uploads.storeImageUpload(cut, 'cut.png'), uploads.validateImageUpload(cut, 'cut.png')]) {
      const error = await rejection(call);
      expect(error).toMatchObject({ code: 'validation_failed', status: 400 });
      expect(error.details.fields?.[0].field).toBe('image');
    }
    const huge = Buffer.from(TINY_PNG);
    huge.writeUInt32BE(60_000, 16); // IHDR width and height: 3.6 billion pixels
    huge.writeUInt32BE(60_000, 20);
    huge.writeUInt32BE(zlibCrc32(huge.subarray(12, 29)), 29); // IHDR's CRC, so the header reads as valid
    expect((await rejection(uploads.storeImageUpload(huge, 'huge.png'))).status).toBe(413);
    expect(await readdir(dir, { recursive: true })).toEqual(before);
  });

  it('storeAudioUpload: stores an Ogg Opus recording without its title and location', async () => {
    const ogg = await taggedOgg(dir);
    const stored = await uploads.storeAudioUpload(ogg, 'take 1.ogg');
    expect(stored).toMatchObject({ ext: 'ogg', contentType: 'audio/ogg', checked: 'decoded', audio_url: `/media/${stored.name}` });
    const onDisk = await readFile(join(dir, stored.name));
    expect(onDisk.includes('LOCATION')).toBe(false);
    expect(onDisk.includes('At home')).toBe(false);
    expect(execFileSync('opusinfo', [join(dir, stored.name)], { encoding: 'utf8' })).toContain('Playback length: 0m:00.4');
  });
});

describe('the admin audio upload decodes the recording (multipart POST, file in `audio`)', () => {
  let t: AdminTestContext;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'kioku-uploads-http-'));
    t = await startAdminTestApp({ env: { MEDIA_DIR: mediaDir } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer, name: string) => {
    const { material } = (await t.admin.session.get(`/api/admin/materials/${VOCAB}?type=vocab`)).json();
    return postMultipart(
      t.app,
      t.admin,
      `/api/admin/materials/${VOCAB}`,
      multipartBody({ _method: 'patch', type: 'vocab', version: String(material.version) }, { field: 'audio', name, type: 'audio/ogg', bytes }),
    );
  };

  it('answers 400 problem+json naming `audio` for an Ogg whose header is fine and whose body is cut short, storing nothing', async () => {
    const ogg = await taggedOgg(mediaDir);
    const before = await readdir(mediaDir);
    const res = await upload(ogg.subarray(0, Math.floor(ogg.length * 0.6)), 'cut.ogg');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      detail: 'The audio file could not be read: it starts like a Ogg file but its content is damaged or incomplete.',
      errors: [{ field: 'audio', message: 'cut.ogg is not a valid Ogg recording: the file is cut short: its last page is incomplete.' }],
    });
    expect(await readdir(mediaDir)).toEqual(before);
  });

  it('serves the uploaded recording without its tags', async () => {
    const res = await upload(await taggedOgg(mediaDir), 'at home.ogg');
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().material.audio_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes('LOCATION')).toBe(false);
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS');
  });
});
