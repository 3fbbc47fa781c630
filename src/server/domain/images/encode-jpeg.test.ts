import readExif from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePhoto, singleColourPng } from '../../../../tests/support/image-server';
import { compressImage, detectImageFormat, ImageCompressionError } from './encode-jpeg';

async function compressionError(input: Buffer, options?: Parameters<typeof compressImage>[1]) {
  const error = await compressImage(input, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageCompressionError);
  return error as ImageCompressionError;
}

const solid = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'avif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .toFormat(format)
    .toBuffer();

describe('detectImageFormat', () => {
  it.each(['png', 'jpeg', 'webp', 'gif', 'tiff', 'avif'] as const)(
    'recognises %s by its first bytes',
    async (format) => {
      expect(detectImageFormat(await solid(format))).toBe(format);
    },
  );

  it('recognises HEIC by its ftyp brand', () => {
    const heic = Buffer.from([
      0,
      0,
      0,
      24,
      ...Buffer.from('ftypheic'),
      0,
      0,
      0,
      0,
      ...Buffer.from('mif1heic'),
    ]);
    expect(detectImageFormat(heic)).toBe('heic');
  });

  it('reads an AVIF whose major brand is mif1 as AVIF', () => {
    const avif = Buffer.from([
      0,
      0,
      0,
      24,
      ...Buffer.from('ftypmif1'),
      0,
      0,
      0,
      0,
      ...Buffer.from('mif1avif'),
    ]);
    expect(detectImageFormat(avif)).toBe('avif');
  });

  it.each([
    ['text', Buffer.from('hello, I am not an image')],
    ['HTML', Buffer.from('<!doctype html><html></html>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['BMP', Buffer.from('BM\u0000\u0000\u0000\u0000')],
    ['empty', Buffer.alloc(0)],
    ['two bytes of JPEG', Buffer.from([0xff, 0xd8])],
  ])('rejects %s', (_name, bytes) => {
    expect(detectImageFormat(bytes)).toBeNull();
  });
});

describe('compressImage', () => {
  it('shrinks the long edge to the limit, keeps the aspect ratio and encodes progressive JPEG', async () => {
    const photo = await encodePhoto(3000, 1500, 'png', 1, 8);
    const result = await compressImage(photo.bytes);
    expect(result).toMatchObject({ width: 2048, height: 1024, originalBytes: photo.bytes.length });
    expect(result.compressedBytes).toBe(result.bytes.length);
    const metadata = await sharp(result.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 2048, height: 1024, isProgressive: true });
  });

  it('honours a smaller maxEdge and never enlarges', async () => {
    const photo = await encodePhoto(600, 900, 'webp', 2);
    expect(await compressImage(photo.bytes, { maxEdge: 300 })).toMatchObject({ width: 200, height: 300 });
    expect(await compressImage(photo.bytes)).toMatchObject({ width: 600, height: 900 });
  });

  it('applies the EXIF orientation and keeps the text EXIF without a stale orientation', async () => {
    const input = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret', Software: 'camera' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await compressImage(input);
    const metadata = await sharp(result.bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
    // Rotated into the pixels, so no orientation tag may turn it again; the text tags stay.
    expect(metadata.orientation ?? 1).toBe(1);
    expect(readExif(metadata.exif!).Image).toMatchObject({ Copyright: 'secret', Software: 'camera' });
  });

  it('flattens transparency onto white', async () => {
    const input = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const result = await compressImage(input);
    const { data } = await sharp(result.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(245);
  });

  it('refuses a decompression bomb from its header', async () => {
    const bomb = singleColourPng(20_000, 20_000);
    const error = await compressionError(bomb);
    expect(error).toMatchObject({
      code: 'too_many_pixels',
      reason: 'The image is too large to process (20000 × 20000 pixels; the limit is 50 megapixels).',
    });
  });

  it('refuses a text file, whatever it is called', async () => {
    const error = await compressionError(Buffer.from('just text\n'.repeat(50)));
    expect(error).toMatchObject({
      code: 'not_an_image',
      reason: 'The file at this address is not an image (expected JPEG, PNG, WebP, GIF, AVIF or TIFF).',
    });
  });

  it('refuses an empty file', async () => {
    expect((await compressionError(Buffer.alloc(0))).reason).toBe('The image file is empty.');
  });

  it('refuses a truncated JPEG instead of encoding a grey half', async () => {
    const photo = await encodePhoto(400, 300, 'jpeg', 3);
    const error = await compressionError(photo.bytes.subarray(0, Math.floor(photo.bytes.length / 2)));
    expect(error).toMatchObject({
      code: 'undecodable',
      reason: 'The JPEG file is damaged or incomplete and could not be decoded.',
    });
  });

  it('compresses only the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 16, height: 16, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#ff0000'), await frame('#0000ff')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const result = await compressImage(animated);
    expect([result.width, result.height]).toEqual([16, 16]);
    const { data } = await sharp(result.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red: the first frame
  });
});
