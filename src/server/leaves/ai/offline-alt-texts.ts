// The built-in writer's alt texts: one per image, each distinct within the product, in the copy's language.
import { SEO_LIMITS } from '../../../common/copy-rules/copy-rules';
import type { Phrasebook } from '../../../common/copy-rules/phrasebooks';
import { describeAttributes, type Facts, firstThatFits } from './offline-facts';

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
 * One alt text per image that describes the product and its variant ("Ocean Blue Shirt in Navy by
 * partners-demo"); further images say they show another view, never "image 2 of 3".
 */
export function writeAltTexts(facts: Facts, imageCount: number): string[] {
  const { book } = facts;
  const attributes =
    facts.attributes.length === 0 ? '' : book.withValues(describeAttributes(facts.attributes, book));
  const by = facts.brand === '' ? '' : book.altBy(facts.brand);
  return Array.from({ length: imageCount }, (_, index) => {
    // Each further image its own words, so no two alt texts of a product are the same.
    const view = index === 0 ? '' : `, ${viewOf(book, index - 1, imageCount)}`;
    // Longer views (French "vue de dessus") may leave no room for the values: the name and view, uncut, next.
    const candidates = [
      `${facts.name}${attributes}${by}${view}`,
      `${facts.name}${attributes}${view}`,
      ...(index === 0 || attributes === '' ? [] : [`${facts.name}${view}`]),
    ];
    return firstThatFits(candidates, SEO_LIMITS.altTextMax, facts.name, `${attributes}${view}`);
  });
}
