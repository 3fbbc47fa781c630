// Checks generated copy against the limits Google shows (SEO_LIMITS), for flags in the review screens.
// The server repairs copy against the same limits; these checks catch what a user types in an edit.
import { countCharacters, SEO_LIMITS } from './copy-rules';
import { estimateDescriptionWidth, estimateTitleWidth } from './serp-width';

type Limits = {
  max: number;
  min?: number;
  /** Google cuts a result's title and description by width; `name` is what the message calls them. */
  pixels?: { max: number; estimateWidth: (text: string) => number; name: string };
};

/** The problem with a text, or null when it fits. Empty text is not a length problem. */
function checkLimits(text: string, { max, min = 0, pixels }: Limits): string | null {
  const trimmed = text.trim();
  const length = countCharacters(trimmed);
  if (length === 0) return null;
  if (length > max) return `${length} characters: over the ${max}-character limit.`;
  if (length < min) return `${length} characters: under the ${min}-character minimum.`;
  if (!pixels) return null;
  const width = Math.round(pixels.estimateWidth(trimmed));
  return width > pixels.max
    ? `About ${width} px wide: Google cuts ${pixels.name} near ${pixels.max} px.`
    : null;
}

export const checkPageTitle = (title: string) =>
  checkLimits(title, {
    max: SEO_LIMITS.pageTitleMax,
    pixels: { max: SEO_LIMITS.pageTitlePixels, estimateWidth: estimateTitleWidth, name: 'titles' },
  });

export const checkMetaDescription = (description: string) =>
  checkLimits(description, {
    max: SEO_LIMITS.metaDescriptionMax,
    min: SEO_LIMITS.metaDescriptionMin,
    pixels: {
      max: SEO_LIMITS.metaDescriptionPixels,
      estimateWidth: estimateDescriptionWidth,
      name: 'descriptions',
    },
  });

export const checkHeading = (heading: string) => checkLimits(heading, { max: SEO_LIMITS.headingMax });

export const checkAltText = (altText: string) => checkLimits(altText, { max: SEO_LIMITS.altTextMax });

export type CopyLimitField = 'page_title' | 'meta_description' | 'heading';

const CHECKS: Record<CopyLimitField, (text: string) => string | null> = {
  page_title: checkPageTitle,
  meta_description: checkMetaDescription,
  heading: checkHeading,
};

/** The problem with one field's text, or null; empty text is never flagged (it is still being written). */
export function checkCopyField(field: CopyLimitField, text: string | null | undefined): string | null {
  return text ? CHECKS[field](text) : null;
}
