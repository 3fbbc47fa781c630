import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  compressionState,
  countCompression,
  createStoredZip,
  hasPendingCompression,
  savingPercent,
  uniqueZipNames,
  zipEntryName,
} from './image-zip';

type Fields = {
  compression_requested: boolean;
  compression_complete: boolean;
  compression_error: string | null;
};
const notRequested: Fields = {
  compression_requested: false,
  compression_complete: false,
  compression_error: null,
};
const pending: Fields = { compression_requested: true, compression_complete: false, compression_error: null };
const done: Fields = { compression_requested: true, compression_complete: true, compression_error: null };
const failed: Fields = {
  compression_requested: true,
  compression_complete: false,
  compression_error: 'The address is not allowed',
};

describe('zipEntryName', () => {
  it.each([
    ['https://shop.example/images/shirt.jpg', 'shirt.jpg'],
    ['https://shop.example/images/shirt.PNG', 'shirt.jpg'],
    ['https://shop.example/images/shirt.webp?v=123&w=800#zoom', 'shirt.jpg'],
    ['https://shop.example/images/shirt', 'shirt.jpg'],
    ['https://shop.example/images/shirt.jpeg', 'shirt.jpg'],
    ['https://shop.example/images/archive.tar.gz', 'archive.tar.jpg'],
    ['https://shop.example/images/model-v1.2', 'model-v1.2.jpg'],
    ['https://shop.example/images/folder/', 'folder.jpg'],
    ['https://cdn.example/files/red%20shirt%20(front).png', 'red-shirt-front.jpg'],
    ['https://cdn.example/files/caf%C3%A9-mug.png', 'café-mug.jpg'],
    ['https://cdn.example/files/cafe%CC%81-mug.png', 'cafe\u0301-mug.jpg'],
    ['/samples/nordic-home/oslo-wool-throw-grey.jpg?x=1', 'oslo-wool-throw-grey.jpg'],
  ])('%s → %s', (url, name) => {
    expect(zipEntryName(url)).toBe(name);
  });

  it('never lets a name leave the archive folder or hide itself', () => {
    expect(zipEntryName('https://x.example/a/..%2F..%2Fetc%2Fpasswd')).toBe('etc-passwd.jpg');
    expect(zipEntryName('https://x.example/a/%2E%2E')).toBe('image.jpg');
    expect(zipEntryName('https://x.example/a/.hidden.png')).toBe('hidden.jpg');
    expect(zipEntryName('https://x.example/a/C%3A%5Cwin%5Cfile.png')).toBe('C-win-file.jpg');
    expect(zipEntryName('https://x.example/a/name%00with%0Acontrols.png')).toBe('name-with-controls.jpg');
  });

  it('falls back to image.jpg when nothing usable is left', () => {
    expect(zipEntryName('https://shop.example/')).toBe('image.jpg');
    expect(zipEntryName('https://shop.example')).toBe('image.jpg');
    expect(zipEntryName('https://shop.example/.jpg')).toBe('image.jpg');
    expect(zipEntryName('https://shop.example/%E2%9C%93%E2%9C%93')).toBe('image.jpg');
    expect(zipEntryName('')).toBe('image.jpg');
  });

  it('keeps a malformed escape as written, and renames names Windows refuses', () => {
    expect(zipEntryName('https://shop.example/100%-cotton.png')).toBe('100-cotton.jpg');
    expect(zipEntryName('https://shop.example/CON.png')).toBe('CON-image.jpg');
    expect(zipEntryName('https://shop.example/nul.tar.gz')).toBe('nul.tar-image.jpg');
    expect(zipEntryName('https://shop.example/console.png')).toBe('console.jpg');
  });

  it('shortens very long names', () => {
    const name = zipEntryName(`https://shop.example/${'a'.repeat(500)}.png`);
    expect(name).toBe(`${'a'.repeat(100)}.jpg`);
  });
});

describe('uniqueZipNames', () => {
  it('makes clashes unique, ignoring case, in order', () => {
    expect(
      uniqueZipNames([
        'https://a.example/shirt.png',
        'https://b.example/other/shirt.jpg',
        'https://c.example/SHIRT.webp',
        'https://a.example/trousers.jpg',
      ]),
    ).toEqual(['shirt.jpg', 'shirt-2.jpg', 'SHIRT-3.jpg', 'trousers.jpg']);
  });

  it("never renames a store's own name because of a duplicate", () => {
    expect(
      uniqueZipNames([
        'https://a.example/shirt.jpg',
        'https://a.example/shirt.jpg',
        'https://a.example/shirt-2.jpg',
      ]),
    ).toEqual(['shirt.jpg', 'shirt-3.jpg', 'shirt-2.jpg']);
  });

  it('gives every empty name its own number', () => {
    expect(uniqueZipNames(['https://a.example/', 'https://b.example/', ''])).toEqual([
      'image.jpg',
      'image-2.jpg',
      'image-3.jpg',
    ]);
  });

  it('keeps thousands of duplicates unique', () => {
    const names = uniqueZipNames(Array.from({ length: 2_000 }, () => 'https://a.example/same.jpg'));
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(2_000);
    expect(names.at(-1)).toBe('same-2000.jpg');
  });
});

describe('compressionState (SPEC §4)', () => {
  it('is none before anything is requested', () => {
    expect(compressionState([notRequested, notRequested], { hasClicked: false })).toBe('none');
    expect(compressionState([], { hasClicked: false })).toBe('none');
  });

  it('is compressing once the user has clicked, even before the run shows the request', () => {
    expect(compressionState([notRequested, notRequested], { hasClicked: true })).toBe('compressing');
  });

  it('is compressing while fewer are settled than requested', () => {
    expect(compressionState([done, pending], { hasClicked: false })).toBe('compressing');
    expect(compressionState([pending, pending], { hasClicked: true })).toBe('compressing');
  });

  it('is complete when every requested image is compressed or failed', () => {
    expect(compressionState([done, done], { hasClicked: false })).toBe('complete');
    expect(compressionState([done, failed], { hasClicked: false })).toBe('complete');
    expect(compressionState([failed], { hasClicked: true })).toBe('complete');
  });

  it('counts requested, settled, complete and failed images', () => {
    expect(countCompression([notRequested, pending, done, failed])).toEqual({
      total: 4,
      requested: 3,
      settled: 2,
      complete: 1,
      failed: 1,
    });
    expect(hasPendingCompression([done, failed, notRequested])).toBe(false);
    expect(hasPendingCompression([done, pending])).toBe(true);
  });
});

describe('savingPercent', () => {
  it('is the share of the original saved, negative when the image grew', () => {
    expect(savingPercent({ original_bytes: 1_000, compressed_bytes: 250 })).toBe(75);
    expect(savingPercent({ original_bytes: 1_000, compressed_bytes: 1_100 })).toBeCloseTo(-10);
    expect(savingPercent({ original_bytes: null, compressed_bytes: null })).toBeNull();
    expect(savingPercent({ original_bytes: 0, compressed_bytes: 10 })).toBeNull();
  });
});

describe('createStoredZip', () => {
  it('writes a ZIP that unzips to the same names and bytes, stored uncompressed', () => {
    const chunks: Uint8Array[] = [];
    const zip = createStoredZip((chunk) => chunks.push(chunk));
    const first = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const second = new Uint8Array(10_000).fill(7);
    zip.add('shirt.jpg', first);
    zip.add('café.jpg', second);
    zip.end();

    const archive = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      archive.set(chunk, offset);
      offset += chunk.length;
    }
    const files = unzipSync(archive);
    expect(Object.keys(files)).toEqual(['shirt.jpg', 'café.jpg']);
    expect(files['shirt.jpg']).toEqual(first);
    expect(files['café.jpg']).toEqual(second);
    // Stored, not deflated: the 10,000 repeated bytes take their full size in the archive.
    expect(archive.length).toBeGreaterThan(first.length + second.length);
  });
});
