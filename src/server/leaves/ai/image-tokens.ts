// What a photo costs in prompt tokens, as OpenAI publishes it for the models it bills by 512px tiles
// (platform.openai.com/docs/guides/images-vision, "Calculating costs"): `low` detail is the base alone; `high`
// scales the photo to fit 2048×2048, then its shortest side to 768, and adds a tile's tokens per 512px tile.
// Models OpenAI meters otherwise (gpt-4.1-mini and -nano, o4-mini: 32px patches) or does not publish are not
// counted here: their photos are in the `usage` they answer, and an estimate uses the tile figures instead.
import type { VisionDetail } from '../../../common/contract/entities';

export type PhotoSize = { width: number; height: number };
type TileRate = { base: number; tile: number };

/** gpt-4o's rate, which also stands in for a model whose rate is not published. */
const GPT_4O_RATE: TileRate = { base: 85, tile: 170 };

/** First match wins; a rate of null is a model OpenAI meters by 32px patches, not tiles. */
const TILE_RATES: ReadonlyArray<[RegExp, TileRate | null]> = [
  [/^(?:gpt-4\.1-mini|gpt-4\.1-nano|o4-mini)(?:$|-)/, null],
  // gpt-4o-mini bills photos at about gpt-4o's price: many more tokens at a much lower token price.
  [/^gpt-4o-mini(?:$|-)/, { base: 2833, tile: 5667 }],
  [/^(?:o1|o3)(?:$|-)/, { base: 75, tile: 150 }],
  [/^(?:gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-4-turbo)(?:$|-)/, GPT_4O_RATE],
];

/** The tile rate OpenAI publishes for a model, or null when it publishes none (or meters by patches). */
function tileRateOf(model: string): TileRate | null {
  const name = model.trim().toLowerCase();
  return TILE_RATES.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

/** 512px tiles of a photo at `high` detail, after OpenAI's two scalings (never up). */
export function tilesOf({ width, height }: PhotoSize): number {
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shortest = Math.min(1, 768 / Math.min(w, h));
  w *= shortest;
  h *= shortest;
  return Math.ceil(Math.round(w) / 512) * Math.ceil(Math.round(h) / 512);
}

function tokensAt(rate: TileRate, detail: VisionDetail, photos: readonly PhotoSize[]): number {
  return photos.reduce(
    (sum, photo) => sum + rate.base + (detail === 'high' ? rate.tile * tilesOf(photo) : 0),
    0,
  );
}

/** The photos' prompt tokens by OpenAI's published formula, or null for a model it publishes none for. */
export function publishedImageTokens(
  model: string,
  detail: VisionDetail,
  photos: readonly PhotoSize[],
): number | null {
  const rate = tileRateOf(model);
  return rate ? tokensAt(rate, detail, photos) : null;
}

/** Photos' tokens for an estimate or a reservation: the published count, else gpt-4o's tiles standing in. */
export function estimateImageTokens(
  model: string,
  detail: VisionDetail,
  photos: readonly PhotoSize[],
): number {
  return tokensAt(tileRateOf(model) ?? GPT_4O_RATE, detail, photos);
}
