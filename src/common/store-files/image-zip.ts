// Product images (SPEC §4, §9): the compression state shown by the Compress Product Images section,
// each image's saving, and the images.zip the browser writes: one JPEG per image, named by its URL.
import { Zip, ZipPassThrough } from 'fflate';
import type { ImageDetail } from '../contract/entities';

export type CompressionState = 'none' | 'compressing' | 'complete';

type CompressionFields = Pick<
  ImageDetail,
  'compression_requested' | 'compression_complete' | 'compression_error'
>;

/** An image is settled once the server has finished with it, either way: compressed or failed. */
export function isCompressionSettled(image: CompressionFields): boolean {
  return image.compression_complete || image.compression_error !== null;
}

export type CompressionCounts = {
  total: number;
  requested: number;
  /** Requested images that are complete or failed. */
  settled: number;
  complete: number;
  failed: number;
};

export function countCompression(images: readonly CompressionFields[]): CompressionCounts {
  const counts: CompressionCounts = {
    total: images.length,
    requested: 0,
    settled: 0,
    complete: 0,
    failed: 0,
  };
  for (const image of images) {
    if (!image.compression_requested) continue;
    counts.requested += 1;
    if (image.compression_complete) counts.complete += 1;
    else if (image.compression_error !== null) counts.failed += 1;
    if (isCompressionSettled(image)) counts.settled += 1;
  }
  return counts;
}

/** True while some requested image is still waiting for the server, so the run view keeps polling. */
export function hasPendingCompression(images: readonly CompressionFields[]): boolean {
  return images.some((image) => image.compression_requested && !isCompressionSettled(image));
}

/**
 * SPEC §4: none → Compress Images; compressing when fewer are completed than requested, or once the user has
 * clicked (until the run shows the request); complete once every requested image is settled. A failed image
 * counts as settled, so one bad URL cannot leave the button at Compressing... for ever.
 */
export function compressionState(
  images: readonly CompressionFields[],
  { hasClicked }: { hasClicked: boolean },
): CompressionState {
  const { requested, settled } = countCompression(images);
  if (requested > 0 && settled >= requested) return 'complete';
  if (hasClicked || settled < requested) return 'compressing';
  return 'none';
}

/**
 * How much smaller the compressed image is, in percent of the original; negative when it grew (an original
 * that was already a small, well-compressed JPEG). Null until both sizes are known.
 */
export function savingPercent(
  image: Pick<ImageDetail, 'original_bytes' | 'compressed_bytes'>,
): number | null {
  const { original_bytes: original, compressed_bytes: compressed } = image;
  if (original === null || compressed === null || original <= 0) return null;
  return ((original - compressed) / original) * 100;
}

const FALLBACK_BASE = 'image';
/** Room for a "-123" suffix and ".jpg" within the 255-byte name limit of common file systems. */
const MAX_BASE_LENGTH = 100;
// Names Windows refuses for a file, with or without more after a dot.
const RESERVED_WINDOWS_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
// An extension is a short run of letters and digits with at least one letter, so "v1.2" keeps its ".2".
const EXTENSION = /\.(?=[a-z0-9]{0,4}[a-z])[a-z0-9]{1,5}$/i;

function lastPathSegment(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not an absolute URL: take it as a path, without its query or fragment.
    path = url.split(/[?#]/, 1)[0] ?? '';
  }
  const segment = path.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The file name without its extension, reduced to characters every unzip tool and file system accepts. */
function safeBaseName(url: string): string {
  const safe = lastPathSegment(url)
    // Letters (with their accents) and digits of any script stay; separators, controls and shell or Windows specials do not.
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(EXTENSION, '');
  // Leading dots would hide the file (or, with the slashes gone, make ".."): trim them and stray dashes.
  const trim = (name: string) => name.replace(/^[.-]+|[.-]+$/g, '');
  const base = trim(Array.from(trim(safe)).slice(0, MAX_BASE_LENGTH).join(''));
  if (!base) return FALLBACK_BASE;
  return RESERVED_WINDOWS_NAMES.test(base) ? `${base}-${FALLBACK_BASE}` : base;
}

/** SPEC §9: the ZIP entry for an image is the last path segment of its URL, as a .jpg. */
export function zipEntryName(url: string): string {
  return `${safeBaseName(url)}.jpg`;
}

/**
 * One entry name per URL, in order. Names that clash (ignoring case, since Windows and macOS do) get a
 * suffix: shirt.jpg, shirt-2.jpg, shirt-3.jpg. A name that occurs naturally keeps it, so a store's own
 * "shirt-2.jpg" is never renamed because of a duplicate "shirt.jpg".
 */
export function uniqueZipNames(urls: readonly string[]): string[] {
  const bases = urls.map(safeBaseName);
  const taken = new Set<string>();
  const names: (string | null)[] = bases.map((base) => {
    const key = `${base}.jpg`.toLowerCase();
    if (taken.has(key)) return null;
    taken.add(key);
    return `${base}.jpg`;
  });
  // Where each base's numbering resumes, so a long run of duplicates stays linear.
  const nextSuffix = new Map<string, number>();
  return names.map((name, index) => {
    if (name !== null) return name;
    const base = bases[index]!;
    const key = base.toLowerCase();
    for (let n = nextSuffix.get(key) ?? 2; ; n += 1) {
      const candidate = `${base}-${n}.jpg`;
      if (taken.has(candidate.toLowerCase())) continue;
      taken.add(candidate.toLowerCase());
      nextSuffix.set(key, n + 1);
      return candidate;
    }
  });
}

/**
 * fflate writes no ZIP64 records, so one archive holds at most 65,535 entries and 4 GiB; a larger export
 * is refused up front rather than written corrupt.
 */
export const ZIP_LIMITS = { maxEntries: 0xffff, maxBytes: 0xffff_ffff - 64 * 1024 * 1024 } as const;

export type ZipWriter = {
  /** Adds one file; files are written in the order they are added. */
  add(name: string, bytes: Uint8Array): void;
  /** Writes the central directory; no file may be added after. */
  end(): void;
};

/**
 * A streaming ZIP writer that stores files as they are (JPEGs are already compressed, so deflating them
 * would cost time for nothing). Each chunk goes to `onChunk` as soon as it is written, so the caller can
 * hand it on (to a Blob) instead of holding the whole archive twice.
 */
export function createStoredZip(onChunk: (chunk: Uint8Array<ArrayBuffer>) => void): ZipWriter {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else onChunk(chunk);
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    add(name, bytes) {
      const file = new ZipPassThrough(name);
      zip.add(file);
      file.push(bytes, true);
      check();
    },
    end() {
      zip.end();
      check();
    },
  };
}
