import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoWordsFor } from '../../../common/copy-rules/photo-words';
import { OfflineWriter } from './offline-writer';
import { nameColour, readPixelFacts } from './pixel-facts';

/** A JPEG, as the app compresses every photo: `colour` all over, or a square of it on white. */
async function photo(colour: string, { onWhite = false, width = 160, height = 120 } = {}) {
  const base = sharp({ create: { width, height, channels: 3, background: onWhite ? '#ffffff' : colour } });
  if (!onWhite) return base.jpeg().toBuffer();
  const square = await sharp({
    create: { width: width >> 1, height: height >> 1, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  return base
    .composite([{ input: square, left: width >> 2, top: height >> 2 }])
    .jpeg()
    .toBuffer();
}

describe('reading a photo’s pixels', () => {
  it('names the main colour of what stands in the photo, and whether the background is plain white', async () => {
    expect(await readPixelFacts(await photo('#c81414'))).toEqual({
      colour: 'red',
      whiteBackground: false,
      orientation: 'landscape',
    });
    expect(await readPixelFacts(await photo('#1437c8', { onWhite: true, width: 120, height: 200 }))).toEqual({
      colour: 'blue',
      whiteBackground: true,
      orientation: 'portrait',
    });
    expect((await readPixelFacts(await photo('#ffffff', { width: 100, height: 100 }))).orientation).toBe(
      'square',
    );
  });

  it('names colours from hue, lightness and saturation', () => {
    expect(nameColour([200, 30, 30])).toBe('red');
    expect(nameColour([30, 150, 60])).toBe('green');
    expect(nameColour([240, 220, 40])).toBe('yellow');
    expect(nameColour([110, 60, 20])).toBe('brown');
    expect(nameColour([128, 128, 128])).toBe('grey');
    expect(nameColour([10, 10, 12])).toBe('black');
    expect(nameColour([250, 250, 250])).toBe('white');
  });

  it('says the colour in the copy’s language', () => {
    expect(photoWordsFor('en')!.colours.red).toBe('red');
    expect(photoWordsFor('fr-FR')!.colours.red).toBe('rouge');
    expect(photoWordsFor('fr')!.onWhite).toBe(', sur fond blanc');
    expect(photoWordsFor('ja')).toBeNull();
  });
});

describe('the built-in writer with a photo’s pixels', () => {
  const writer = new OfflineWriter();
  const input = async (language: string) => {
    const bytes = await photo('#c81414', { onWhite: true });
    return {
      model: 'offline',
      product: { product_name: language === 'fr' ? 'Lampe de table Arc' : 'Arc Table Lamp', brand: 'Lumo' },
      imageCount: 2,
      settings: { keywords: '', business_type: '', tone_of_voice: '' },
      voice: { language },
      photos: {
        detail: 'low' as const,
        photos: [
          {
            imageId: 1,
            position: 0,
            dataUrl: '',
            width: 160,
            height: 120,
            pixels: await readPixelFacts(bytes),
          },
          {
            imageId: 2,
            position: 1,
            dataUrl: '',
            width: 160,
            height: 120,
            pixels: await readPixelFacts(await photo('#1437c8')),
          },
        ],
      },
    };
  };

  it('says in alt text only that a photo stands on a white background, and its colour', async () => {
    const { copy } = await writer.write(await input('en'));
    expect(copy.alt_texts[0]).toContain('in red, on a white background');
    expect(copy.alt_texts[1]).toContain('in blue');
    expect(copy.alt_texts[1]).not.toContain('white background');
    for (const alt of copy.alt_texts) expect(alt.length).toBeLessThanOrEqual(125);
    // Never a claim elsewhere: the pixels' words are in no other field.
    const others = [copy.page_title, copy.meta_description, copy.heading, copy.description, copy.fact_sheet];
    for (const text of others) expect(text).not.toMatch(/\bred\b|white background/);
  });

  it('says it in French for a French bundle', async () => {
    const { copy } = await writer.write(await input('fr'));
    expect(copy.alt_texts[0]).toContain('couleur rouge, sur fond blanc');
    expect(copy.alt_texts[1]).toContain('couleur bleu');
    const others = [copy.page_title, copy.meta_description, copy.heading, copy.description, copy.fact_sheet];
    for (const text of others) expect(text).not.toMatch(/rouge|fond blanc/);
  });
});
