// The built-in writer's alt texts: one per image, each distinct within the product, in the copy's language.
import { SEO_LIMITS } from '../../../common/copy-rules/copy-rules';
import { type PhotoWords, photoWordsFor } from '../../../common/copy-rules/photo-words';
import type { Phrasebook } from '../../../common/copy-rules/phrasebooks';
import { describeAttributes, type Facts, firstThatFits } from './offline-facts';
import type { PixelFacts } from './pixel-facts';

/**
 * The words of the n-th further image's view, each distinct (no number, which would read as a claim). A book
 * with no words of its own (the neutral one) gives the image's place instead, "2/3", which the check reads as a
 * position.
 */
const viewOf = (book: Phrasebook, n: number, imageCount: number) => {
  const { altViews: views, altSettings: settings } = book;
  if (views.length === 0) return `${n + 2}/${imageCount}`;
  const view = views[n % views.length]!;
  const round = Math.floor(n / views.length);
  return round === 0 ? view : `${view} ${settings[(round - 1) % settings.length]}`;
};

/**
 * What the pixels of one photo let an alt text say: its main colour (unless the product's data names the
 * colour, which the alt text then says already) and a white background. Nothing for a photo not read.
 */
function seenIn(facts: Facts, words: PhotoWords | null, pixels: PixelFacts | undefined): string {
  if (!words || !pixels) return '';
  const hasColour = facts.attributes.some((attribute) => attribute.key === 'colour');
  const colour = hasColour ? '' : words.inColour(words.colours[pixels.colour]);
  return `${colour}${pixels.whiteBackground ? words.onWhite : ''}`;
}

/**
 * One alt text per image that describes the product and its variant ("Ocean Blue Shirt in Navy by
 * partners-demo") and, for a photo whose pixels were read, what it shows ("…, in red, on a white
 * background"); further images say they show another view, never "image 2 of 3".
 */
export function writeAltTexts(
  facts: Facts,
  imageCount: number,
  pixels: readonly (PixelFacts | undefined)[] = [],
): string[] {
  const words = photoWordsFor(facts.book.language || null);
  const { book } = facts;
  const attributes =
    facts.attributes.length === 0 ? '' : book.withValues(describeAttributes(facts.attributes, book));
  const by = facts.brand === '' ? '' : book.altBy(facts.brand);
  return Array.from({ length: imageCount }, (_, index) => {
    // Each further image its own words, so no two alt texts of a product are the same.
    const view = index === 0 ? '' : `, ${viewOf(book, index - 1, imageCount)}`;
    // Longer views (French "vue de dessus") may leave no room for the values: the name and view, uncut, next.
    const seen = facts.book.language === '' ? '' : seenIn(facts, words, pixels[index]);
    const candidates = [
      ...(seen === ''
        ? []
        : [`${facts.name}${attributes}${by}${seen}${view}`, `${facts.name}${attributes}${seen}${view}`]),
      `${facts.name}${attributes}${by}${view}`,
      `${facts.name}${attributes}${view}`,
      ...(index === 0 || attributes === '' ? [] : [`${facts.name}${view}`]),
    ];
    return firstThatFits(candidates, SEO_LIMITS.altTextMax, facts.name, `${attributes}${view}`);
  });
}
