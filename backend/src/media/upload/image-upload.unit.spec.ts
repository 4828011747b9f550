import { AppError } from '../../platform/errors/app-error';
import { TINY_PNG } from '../testing/fake-providers';
import { detectImage, NOT_AN_IMAGE, validateImageUpload } from './image-upload';

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected an error');
}

describe('validateImageUpload', () => {
  it('accepts a PNG and names it by its content', () => {
    const checked = validateImageUpload(TINY_PNG, 'cat photo.png');
    expect(checked).toMatchObject({ ext: 'png', contentType: 'image/png', size: TINY_PNG.length });
    expect(checked.name).toMatch(/^[0-9a-f]{64}\.png$/);
    // The declared name plays no part: the same bytes under another name get the same stored name.
    expect(validateImageUpload(TINY_PNG, '../../etc/passwd.jpg').name).toBe(checked.name);
  });

  it('recognises JPEG, WebP and GIF by their magic bytes', () => {
    expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))?.ext).toBe('jpg');
    expect(detectImage(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))?.ext).toBe('webp');
    expect(detectImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))?.ext).toBe('gif');
    expect(detectImage(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
  });

  it('refuses a text file renamed .png with 400', () => {
    const error = thrown(() => validateImageUpload(Buffer.from('just some notes, not a picture\n'), 'notes.png'));
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('validation_failed');
    expect(error.status).toBe(400);
    expect(error.message).toBe(NOT_AN_IMAGE);
    expect(error.message).toBe('The file is not a PNG, JPEG, WebP or GIF image.');
    expect(error.details.fields?.[0]).toEqual({ field: 'image', message: 'notes.png is not a PNG, JPEG, WebP or GIF image.' });
  });

  it('refuses an empty file with 400', () => {
    expect(thrown(() => validateImageUpload(Buffer.alloc(0), 'empty.png')).status).toBe(400);
  });

  it('refuses an oversized file with 413, even when it is a real image', () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const error = thrown(() => validateImageUpload(big, 'huge.png'));
    expect(error.code).toBe('payload_too_large');
    expect(error.status).toBe(413);
    expect(error.message).toBe('The image is too large (5.0 MB); the limit is 5 MB.');
    expect(thrown(() => validateImageUpload(TINY_PNG, 'small.png', 10)).status).toBe(413);
  });
});
