// A real store export whose photos are served on loopback: every image URL in it is swapped for a photo of one
// colour on the local image server, and each product is given photos up to `perProduct` (Shopify: image-only
// rows of its handle; WooCommerce: more URLs in its Images cell), so a product has several photos that differ.
// The colour of every photo is kept, so a test can tell what a model that sees should have seen.
import Papa from 'papaparse';
import { PHOTO_COLOURS, type PhotoColourName, servePhoto } from './coloured-photos';
import type { ImageServer } from './image-server';

export type LocalPhotoExport = { text: string; colourOf: Map<string, PhotoColourName> };

const COLOURS = Object.keys(PHOTO_COLOURS) as PhotoColourName[];
const IMAGE_URL = /https?:\/\/[^\s,"]+\.(?:jpe?g|png|webp|gif)(?:\?[^\s,"]*)?/gi;

export async function withLocalPhotos(
  images: ImageServer,
  stem: string,
  text: string,
  perProduct: number,
): Promise<LocalPhotoExport> {
  const colourOf = new Map<string, PhotoColourName>();
  const local = new Map<string, string>();
  let next = 0;
  const newPhoto = async () => {
    const colour = COLOURS[next % COLOURS.length]!;
    const url = await servePhoto(images, `/${stem}/photo-${next++}.png`, colour, next % 3 === 0);
    colourOf.set(url, colour);
    return url;
  };
  for (const url of new Set(text.match(IMAGE_URL) ?? [])) local.set(url, await newPhoto());
  const swapped = text.replace(IMAGE_URL, (url) => local.get(url) ?? url);
  const { data } = Papa.parse<string[]>(swapped, { skipEmptyLines: true });
  const [header, ...rows] = data;
  const at = (name: string) => header!.indexOf(name);
  const grown =
    at('Handle') >= 0
      ? await shopifyRows(header!, rows, perProduct, newPhoto, at)
      : await wooRows(rows, perProduct, newPhoto, at('Images'), at('Type'));
  return { text: Papa.unparse([header!, ...grown]), colourOf };
}

/** Image-only rows after each handle's rows, up to `perProduct` photos the handle. */
async function shopifyRows(
  header: string[],
  rows: string[][],
  perProduct: number,
  newPhoto: () => Promise<string>,
  at: (name: string) => number,
): Promise<string[][]> {
  const [handle, src, position] = [at('Handle'), at('Image Src'), at('Image Position')];
  const out: string[][] = [];
  for (let i = 0; i < rows.length; i++) {
    out.push(rows[i]!);
    const current = rows[i]![handle];
    if (rows[i + 1]?.[handle] === current) continue;
    const had = rows.filter((row) => row[handle] === current && row[src]).length;
    for (let n = had; n < perProduct; n++) {
      const row = header.map(() => '');
      row[handle] = current!;
      row[src] = await newPhoto();
      row[position] = String(n + 1);
      out.push(row);
    }
  }
  return out;
}

/** More URLs in each product's Images cell (a variation keeps its one). */
async function wooRows(
  rows: string[][],
  perProduct: number,
  newPhoto: () => Promise<string>,
  images: number,
  type: number,
): Promise<string[][]> {
  const out: string[][] = [];
  for (const row of rows) {
    const urls = (row[images] ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
    if (row[type] !== 'variation') while (urls.length < perProduct) urls.push(await newPhoto());
    out.push(row.map((cell, index) => (index === images ? urls.join(', ') : cell)));
  }
  return out;
}
