// Images never get bigger, and keep what Google requires: an already small JPEG comes back
// byte-identical (never larger), the IPTC DigitalSourceType mark in XMP survives compression, and the GPS
// block of EXIF does not, while the text EXIF (copyright, artist) does.
import readExif from 'exif-reader';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { compressImage } from './encode-jpeg';
import { exifWithoutLocation, hasLocation } from './image-metadata';

const AI_MARK = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" Iptc4xmpExt:DigitalSourceType="${AI_MARK}"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 30/1 0/1',
  GPSLongitudeRef: 'W',
  GPSLongitude: '0/1 7/1 0/1',
};

/** A noisy photo-like image, so that the JPEG encoder has real work to do. */
async function photo(width: number, height: number): Promise<Sharp> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i % 13) * 31) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

describe('compressImage and metadata', () => {
  it('gives an already small JPEG back byte-identical, never larger', async () => {
    // Quality 40 at a small size: a mozjpeg re-encode at quality 80 can only grow it.
    const original = await (await photo(200, 150)).jpeg({ quality: 40, mozjpeg: true }).toBuffer();
    const result = await compressImage(original);
    expect(result.bytes.length).toBeLessThanOrEqual(original.length);
    expect(result.isOriginal).toBe(true);
    expect(result.bytes.equals(original)).toBe(true);
    expect(result.compressedBytes).toBe(original.length);
  });

  it('still makes a large JPEG smaller', async () => {
    const original = await (await photo(1200, 900)).jpeg({ quality: 98 }).toBuffer();
    const result = await compressImage(original);
    expect(result.isOriginal).toBe(false);
    expect(result.compressedBytes).toBeLessThan(original.length);
  });

  it('keeps the IPTC DigitalSourceType mark and the colour profile, and drops the GPS block', async () => {
    const original = await (await photo(2600, 400))
      .withExif({ IFD0: { Copyright: 'Nordic Home AB', Artist: 'Studio Nord' }, IFD3: GPS })
      .withXmp(XMP)
      .withIccProfile('p3')
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(hasLocation((await sharp(original).metadata()).exif)).toBe(true);

    const result = await compressImage(original);
    expect(result.isOriginal).toBe(false);
    const metadata = await sharp(result.bytes).metadata();
    expect(metadata.xmp?.toString()).toContain(AI_MARK);
    expect(metadata.icc).toBeDefined();
    expect(hasLocation(metadata.exif)).toBe(false);
    const exif = readExif(metadata.exif!);
    expect(exif.GPSInfo).toBeUndefined();
    expect(exif.Image).toMatchObject({ Copyright: 'Nordic Home AB', Artist: 'Studio Nord' });
  });

  it('never keeps an original that carries a location, even when re-encoding does not shrink it', async () => {
    const original = await (await photo(200, 150))
      .withExif({ IFD3: GPS })
      .jpeg({ quality: 40, mozjpeg: true })
      .toBuffer();
    const result = await compressImage(original);
    expect(result.isOriginal).toBe(false);
    expect(hasLocation((await sharp(result.bytes).metadata()).exif)).toBe(false);
  });
});

describe('exifWithoutLocation', () => {
  it('keeps text tags and leaves out GPS, numbers and unreadable EXIF', async () => {
    const withGps = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .withExif({ IFD0: { Make: 'Fujifilm', Copyright: 'Shop' }, IFD3: GPS })
      .jpeg()
      .toBuffer();
    const text = exifWithoutLocation((await sharp(withGps).metadata()).exif);
    expect(text.IFD0).toMatchObject({ Make: 'Fujifilm', Copyright: 'Shop' });
    expect(JSON.stringify(text)).not.toMatch(/GPS|51\/1/);
    expect(exifWithoutLocation(Buffer.from('Exif\0\0garbage'))).toEqual({});
    expect(exifWithoutLocation(undefined)).toEqual({});
  });
});
