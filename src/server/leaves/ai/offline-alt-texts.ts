// The built-in writer's alt texts: one per image, each distinct within the product.
import { SEO_LIMITS } from '../../../common/copy-rules/copy-rules';
import { describeAttributes, type Facts, firstThatFits } from './offline-facts';

const VIEWS = [
  'another view',
  'a closer view',
  'seen from the side',
  'a detail',
  'seen from behind',
  'from above',
];
const SETTINGS = [
  'in daylight',
  'on a plain background',
  'in use',
  'up close',
  'from a distance',
  'at an angle',
];
/** The words of the n-th further image's view, each distinct (no number, which would read as a claim). */
const viewOf = (n: number) => {
  const view = VIEWS[n % VIEWS.length]!;
  const round = Math.floor(n / VIEWS.length);
  return round === 0 ? view : `${view} ${SETTINGS[(round - 1) % SETTINGS.length]}`;
};

/**
 * One alt text per image that describes the product and its variant ("Ocean Blue Shirt in Navy by
 * partners-demo"); further images say they show another view, never "image 2 of 3".
 */
export function writeAltTexts(facts: Facts, imageCount: number): string[] {
  const attributes = facts.attributes.length === 0 ? '' : ` in ${describeAttributes(facts.attributes)}`;
  const by = facts.brand === '' ? '' : ` by ${facts.brand}`;
  return Array.from({ length: imageCount }, (_, index) => {
    // Each further image its own words, so no two alt texts of a product are the same.
    const view = index === 0 ? '' : `, ${viewOf(index - 1)}`;
    const candidates = [`${facts.name}${attributes}${by}${view}`, `${facts.name}${attributes}${view}`];
    return firstThatFits(candidates, SEO_LIMITS.altTextMax, facts.name, `${attributes}${view}`);
  });
}
