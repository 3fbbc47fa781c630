// Photos for the vision tests: small PNGs mostly of one colour, or a square of it on a white background,
// served by the local image server (tests/support/image-server.ts) at a path of the test's choosing.
import sharp from 'sharp';
import type { ImageServer } from './image-server';

export const PHOTO_COLOURS = {
  red: '#d01010',
  blue: '#1030d0',
  green: '#10a030',
  yellow: '#e8d020',
} as const;
export type PhotoColourName = keyof typeof PHOTO_COLOURS;

/** Serves a 240×180 photo of `colour` at `path` and answers its URL. */
export async function servePhoto(
  images: ImageServer,
  path: string,
  colour: PhotoColourName,
  onWhite = false,
): Promise<string> {
  const fill = PHOTO_COLOURS[colour];
  const canvas = sharp({
    create: { width: 240, height: 180, channels: 3, background: onWhite ? '#ffffff' : fill },
  });
  const square = await sharp({ create: { width: 120, height: 100, channels: 3, background: fill } })
    .png()
    .toBuffer();
  const bytes = await (onWhite ? canvas.composite([{ input: square, left: 60, top: 40 }]) : canvas)
    .png()
    .toBuffer();
  images.addImage(path, { bytes, contentType: 'image/png', width: 240, height: 180 });
  return images.url(path);
}
