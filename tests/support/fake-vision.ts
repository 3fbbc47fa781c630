// The fake provider's eyes: a chat request's `image_url` parts, decoded and looked at with sharp, so a test can
// tell a photo reached the model (a mostly red photo is answered as "red"). As a model that sees, the fake
// takes data URLs only (a URL it would have to fetch is refused, so a test sees the app never sends one) and
// bills each photo as OpenAI publishes (85 tokens at low detail; 85 + 170 a 512px tile at high). As a model
// that does not see, it refuses any image part with OpenAI's own 400. Its naming of colours is its own,
// written apart from the app's pixel reading, so the tests do not check the app against itself.
import sharp from 'sharp';

export type FakeVision = 'see' | 'refuse';

/** What the fake saw in one photo. */
export type SeenPhoto = {
  colour: string;
  /** Whether the photo's edges are plain white: the product stands on a white background. */
  onWhite: boolean;
  width: number;
  height: number;
  detail: 'low' | 'high';
};

type ImagePart = { url: string; detail: 'low' | 'high' };

// OpenAI's answer to an image part sent to gpt-3.5-turbo.
export const IMAGE_REFUSAL = {
  message: 'Invalid content type. image_url is only supported by certain models.',
  type: 'invalid_request_error',
  param: 'messages.[1].content.[1].type',
  code: null,
};

const seenByBody = new WeakMap<object, SeenPhoto[]>();

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every image part of a chat request's messages, in order. */
export function imagePartsOf(body: { messages: Array<{ content?: unknown }> }): ImagePart[] {
  const parts: ImagePart[] = [];
  for (const message of body.messages) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content) {
      if (!isRecord(part) || part.type !== 'image_url' || !isRecord(part.image_url)) continue;
      const { url, detail } = part.image_url;
      parts.push({ url: String(url ?? ''), detail: detail === 'high' ? 'high' : 'low' });
    }
  }
  return parts;
}

const PALETTE: Array<[string, [number, number, number]]> = [
  ['red', [220, 30, 30]],
  ['green', [30, 170, 60]],
  ['blue', [30, 60, 210]],
  ['yellow', [235, 215, 40]],
  ['black', [15, 15, 15]],
  ['white', [245, 245, 245]],
];

function nearestName([r, g, b]: [number, number, number]): string {
  let best = PALETTE[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const entry of PALETTE) {
    const [pr, pg, pb] = entry[1];
    const distance = (r - pr) ** 2 + (g - pg) ** 2 + (b - pb) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [entry, distance];
  }
  return best[0];
}

/** Whether a strip along the top and one along the bottom are both near white. */
async function hasWhiteEdges(bytes: Buffer, width: number, height: number): Promise<boolean> {
  const strip = Math.max(1, Math.floor(height / 10));
  for (const top of [0, height - strip]) {
    const part = await sharp(bytes).extract({ left: 0, top, width, height: strip }).png().toBuffer();
    const { channels } = await sharp(part).stats();
    if (channels.slice(0, 3).some((channel) => channel.min < 225)) return false;
  }
  return true;
}

/**
 * Looks at a request's photos: an error message (as OpenAI words it) for one it cannot take, else what it saw,
 * kept with the body for its answer and its usage.
 */
export async function lookAtPhotos(body: {
  messages: Array<{ content?: unknown }>;
}): Promise<string | undefined> {
  const seen: SeenPhoto[] = [];
  for (const part of imagePartsOf(body)) {
    const data = /^data:image\/[a-z+]+;base64,(.+)$/s.exec(part.url)?.[1];
    if (!data) return `Invalid image URL: the fake takes data URLs only, not ${part.url.slice(0, 40)}.`;
    try {
      const bytes = Buffer.from(data, 'base64');
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      // What stands in the middle of the photo, as a model names the product before its background.
      const centre = await sharp(bytes)
        .extract({
          left: Math.floor(width / 4),
          top: Math.floor(height / 4),
          width: Math.max(1, width >> 1),
          height: Math.max(1, height >> 1),
        })
        .png()
        .toBuffer();
      const { dominant } = await sharp(centre).stats();
      seen.push({
        colour: nearestName([dominant.r, dominant.g, dominant.b]),
        onWhite: await hasWhiteEdges(bytes, width, height),
        width,
        height,
        detail: part.detail,
      });
    } catch {
      return 'You uploaded an unsupported image. Please make sure your image is valid.';
    }
  }
  seenByBody.set(body, seen);
  return undefined;
}

/** What the fake saw in a body's photos; empty when it saw none. */
export function seenPhotosOf(body: object): SeenPhoto[] {
  return seenByBody.get(body) ?? [];
}

/** The photos' prompt tokens, as OpenAI bills gpt-4o: 85 at low detail, 85 + 170 a 512px tile at high. */
export function seenPhotoTokens(body: object): number {
  return seenPhotosOf(body).reduce((sum, photo) => {
    if (photo.detail === 'low') return sum + 85;
    let w = photo.width;
    let h = photo.height;
    const fit = Math.min(1, 2048 / Math.max(w, h));
    [w, h] = [w * fit, h * fit];
    const short = Math.min(1, 768 / Math.min(w, h));
    [w, h] = [w * short, h * short];
    return sum + 85 + 170 * Math.ceil(Math.round(w) / 512) * Math.ceil(Math.round(h) / 512);
  }, 0);
}

/**
 * The facts the fake answers in `photo_facts`, as a model that sees lists them: each photo's colour, and its
 * background when it is plain white, numbered from 1 in the order the photos were attached.
 */
export function seenPhotoFacts(
  seen: readonly SeenPhoto[] = [],
): Array<{ image: number; name: string; value: string }> {
  return seen.flatMap((photo, index) => {
    const image = index + 1;
    return [
      { image, name: 'colour', value: photo.colour },
      ...(photo.onWhite ? [{ image, name: 'background', value: 'white' }] : []),
    ];
  });
}
