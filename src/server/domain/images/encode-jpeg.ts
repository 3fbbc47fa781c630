// Turns fetched bytes into a web-ready JPEG: checked by magic bytes before any decoder sees them, decoded
// under a pixel cap, rotated by EXIF, shrunk to the long-edge limit and encoded with mozjpeg, keeping the
// metadata image-metadata.ts allows. A JPEG that would only grow is kept as it was. Failures a user can act
// on are ImageCompressionError with a reason the UI shows.
import sharp, { type SharpOptions } from 'sharp';
import { exifWithoutLocation, hasLocation } from './image-metadata';

export const IMAGE_COMPRESSION_DEFAULTS = {
  /** At most 2048 px on the long edge (IMAGE_MAX_EDGE): Shopify's advice for square product images. */
  maxEdge: 2048,
  /** 50 megapixels covers any real product photo; a decompression bomb is refused before decoding. */
  maxInputPixels: 50_000_000,
  /** mozjpeg at quality 80, progressive: small files with little visible loss, drawn while they load. */
  quality: 80,
} as const;

export type CompressOptions = { maxEdge?: number; maxInputPixels?: number; quality?: number };

export type CompressedImage = {
  bytes: Buffer;
  width: number;
  height: number;
  originalBytes: number;
  compressedBytes: number;
  /** The original bytes were kept: re-encoding would not have made them smaller. */
  isOriginal: boolean;
};

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | 'tiff';

export type ImageCompressionErrorCode =
  | 'empty'
  | 'not_an_image'
  | 'unsupported_format'
  | 'too_many_pixels'
  | 'undecodable';

export class ImageCompressionError extends Error {
  override name = 'ImageCompressionError';
  constructor(
    readonly code: ImageCompressionErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const SUPPORTED = 'JPEG, PNG, WebP, GIF, AVIF or TIFF';
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The image format named by the file's first bytes, or null. The file name and Content-Type are not trusted. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (startsWith([0x49, 0x49, 0x2a, 0x00]) || startsWith([0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    // HEIF container: the major brand, then the compatible brands up to the end of the ftyp box.
    const boxEnd = Math.min(
      bytes.length,
      ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
    );
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(ascii(offset, offset + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
    if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heic';
  }
  return null;
}

export async function compressImage(input: Buffer, options: CompressOptions = {}): Promise<CompressedImage> {
  const maxEdge = options.maxEdge ?? IMAGE_COMPRESSION_DEFAULTS.maxEdge;
  const maxInputPixels = options.maxInputPixels ?? IMAGE_COMPRESSION_DEFAULTS.maxInputPixels;
  const quality = options.quality ?? IMAGE_COMPRESSION_DEFAULTS.quality;
  const format = formatOrRefuse(input);
  const decoderOptions: SharpOptions = {
    limitInputPixels: maxInputPixels,
    // 'error' refuses truncated or corrupt files instead of encoding grey garbage; warnings are tolerated.
    failOn: 'error',
    // Only the first frame of an animated GIF or WebP: the result is one JPEG.
    animated: false,
  };

  // The header alone gives the size, so a bomb is refused before a single pixel is decoded.
  const header = await readHeader(input, decoderOptions, format);
  const { width, height } = header;
  if (width * height > maxInputPixels) {
    throw tooManyPixels(width, height, maxInputPixels);
  }

  try {
    const { data, info } = await encodeJpeg(input, decoderOptions, header.exif, maxEdge, quality);
    if (isKeepable(format, header, maxEdge) && data.length >= input.length) {
      return {
        bytes: input,
        width,
        height,
        originalBytes: input.length,
        compressedBytes: input.length,
        isOriginal: true,
      };
    }
    return {
      bytes: data,
      width: info.width,
      height: info.height,
      originalBytes: input.length,
      compressedBytes: data.length,
      isOriginal: false,
    };
  } catch (error) {
    throw describeDecodeError(error, format, width, height, maxInputPixels);
  }
}

/** The format the file's first bytes name; an empty file or one that is no image is refused. */
function formatOrRefuse(input: Buffer): ImageFormat {
  if (input.length === 0) throw new ImageCompressionError('empty', 'The image file is empty.');
  const format = detectImageFormat(input);
  if (!format) {
    throw new ImageCompressionError(
      'not_an_image',
      `The file at this address is not an image (expected ${SUPPORTED}).`,
    );
  }
  return format;
}

type ImageHeader = { width: number; height: number; exif?: Buffer; orientation?: number };

/** The size (one frame's), EXIF and orientation, as the file's header states them. */
async function readHeader(
  input: Buffer,
  decoderOptions: SharpOptions,
  format: ImageFormat,
): Promise<ImageHeader> {
  try {
    // Reading the header is safe at any size; the cap is applied by the caller, with a clearer message.
    const metadata = await sharp(input, { ...decoderOptions, limitInputPixels: false }).metadata();
    return {
      width: metadata.width ?? 0,
      height: metadata.pageHeight ?? metadata.height ?? 0,
      exif: metadata.exif,
      orientation: metadata.orientation,
    };
  } catch (error) {
    throw describeDecodeError(error, format);
  }
}

/** Upright, within the long edge, on white, as mozjpeg; the metadata kept, all but the location. */
function encodeJpeg(
  input: Buffer,
  decoderOptions: SharpOptions,
  exif: Buffer | undefined,
  maxEdge: number,
  quality: number,
) {
  return (
    sharp(input, decoderOptions)
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
      // JPEG has no alpha: transparent pixels become white, as on a product page, rather than black.
      .flatten({ background: '#ffffff' })
      // ICC, XMP and IPTC as they were; EXIF rewritten without its GPS block (and with no stale orientation).
      .keepMetadata()
      .withExif(exifWithoutLocation(exif))
      .jpeg({ quality, progressive: true, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
  );
}

/**
 * A JPEG that is already small and upright, within the size limit and without a location, is kept as it was
 * when re-encoding would not make it smaller: compression never makes an image bigger.
 */
function isKeepable(format: ImageFormat, header: ImageHeader, maxEdge: number): boolean {
  return (
    format === 'jpeg' &&
    Math.max(header.width, header.height) <= maxEdge &&
    (header.orientation === undefined || header.orientation === 1) &&
    !hasLocation(header.exif)
  );
}

function tooManyPixels(width: number, height: number, maxInputPixels: number): ImageCompressionError {
  return new ImageCompressionError(
    'too_many_pixels',
    `The image is too large to process (${width} × ${height} pixels; the limit is ${Math.round(maxInputPixels / 1_000_000)} megapixels).`,
  );
}

function describeDecodeError(
  error: unknown,
  format: ImageFormat,
  width = 0,
  height = 0,
  maxInputPixels: number = IMAGE_COMPRESSION_DEFAULTS.maxInputPixels,
): ImageCompressionError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooManyPixels(width, height, maxInputPixels);
  if (
    /unsupported image format|no decode|not a known file format|heif.*(unsupported|compression format)/i.test(
      message,
    )
  ) {
    return new ImageCompressionError(
      'unsupported_format',
      format === 'heic'
        ? 'HEIC images are not supported. Convert the image to JPEG or PNG.'
        : `This ${format.toUpperCase()} image uses a variant that cannot be decoded.`,
    );
  }
  return new ImageCompressionError(
    'undecodable',
    `The ${format.toUpperCase()} file is damaged or incomplete and could not be decoded.`,
  );
}
