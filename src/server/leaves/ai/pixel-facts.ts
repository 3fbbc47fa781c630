// What the built-in writer reads from a photo's pixels with sharp, for its alt text: the main colour of what
// stands in the photo, whether the background is plain white, and the orientation. A thumbnail of 48px is
// enough for all three and keeps the reading to a millisecond or two a photo.
import sharp from 'sharp';
import type { PhotoColour } from '../../../common/copy-rules/photo-words';

export type PixelFacts = {
  /** The colour most of the photo's subject (everything but a white background) is. */
  colour: PhotoColour;
  /** Nearly every pixel of the photo's border is white: a studio shot on a plain white background. */
  whiteBackground: boolean;
  orientation: 'portrait' | 'landscape' | 'square';
};

const THUMBNAIL = 48;
/** A pixel this light in every channel, and about as light in each, is white. */
const WHITE_MIN = 232;
/** The share of border pixels that must be white for a white background. */
const WHITE_BORDER_SHARE = 0.9;

type Rgb = readonly [number, number, number];

/** The colour name of one pixel, from its hue, saturation and lightness. */
export function nameColour([r, g, b]: Rgb): PhotoColour {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const lightness = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1));
  if (lightness < 0.14) return 'black';
  if (saturation < 0.18 || chroma < 0.1) return lightness > 0.86 ? 'white' : 'grey';
  const hue = hueOf(r / 255, g / 255, b / 255, max, chroma);
  if (hue < 15 || hue >= 345) return lightness < 0.3 ? 'brown' : 'red';
  if (hue < 42) return lightness < 0.42 ? 'brown' : 'orange';
  if (hue < 68) return 'yellow';
  if (hue < 170) return 'green';
  if (hue < 255) return 'blue';
  if (hue < 295) return 'purple';
  return 'pink';
}

function hueOf(r: number, g: number, b: number, max: number, chroma: number): number {
  const sector =
    max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return sector * 60;
}

const isWhite = ([r, g, b]: Rgb) =>
  Math.min(r, g, b) >= WHITE_MIN && Math.max(r, g, b) - Math.min(r, g, b) < 16;

/** Reads a photo (any format sharp reads; the app's compressed JPEG) into its pixel facts. */
export async function readPixelFacts(bytes: Uint8Array): Promise<PixelFacts> {
  const image = sharp(bytes).rotate();
  const meta = await image.metadata();
  // EXIF orientations 5–8 turn the photo a quarter: its shown width is its stored height.
  const isTurned = (meta.orientation ?? 1) >= 5;
  const width = (isTurned ? meta.height : meta.width) ?? 1;
  const height = (isTurned ? meta.width : meta.height) ?? 1;
  const { data, info } = await image
    .resize(THUMBNAIL, THUMBNAIL, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: Rgb[] = [];
  for (let i = 0; i < data.length; i += info.channels) pixels.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  const border = pixels.filter((_, i) => {
    const x = i % info.width;
    const y = Math.floor(i / info.width);
    return x === 0 || y === 0 || x === info.width - 1 || y === info.height - 1;
  });
  const whiteBackground = border.filter(isWhite).length >= border.length * WHITE_BORDER_SHARE;
  const subject = whiteBackground ? pixels.filter((pixel) => !isWhite(pixel)) : pixels;
  return {
    colour: mostCommonColour(subject.length > 0 ? subject : pixels),
    whiteBackground,
    // EXIF orientation applied (rotate above), so a phone's upright photo reads as portrait.
    orientation: orientationOf(width, height),
  };
}

function mostCommonColour(pixels: readonly Rgb[]): PhotoColour {
  const counts = new Map<PhotoColour, number>();
  for (const pixel of pixels) {
    const name = nameColour(pixel);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

function orientationOf(width: number, height: number): PixelFacts['orientation'] {
  if (width > height * 1.1) return 'landscape';
  if (height > width * 1.1) return 'portrait';
  return 'square';
}
