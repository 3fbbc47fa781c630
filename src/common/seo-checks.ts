// Checks generated copy against the limits Google shows (SEO_LIMITS), for flags in the review screens.
// The server repairs copy against the same limits; these checks catch what a user types in an edit.
import { countCharacters, SEO_LIMITS } from './copy-rules';
import { estimateDescriptionWidth, estimateTitleWidth } from './serp-width';

/** The problem with a page title, or null when it fits. */
export function checkPageTitle(title: string): string | null {
  const length = countCharacters(title.trim());
  if (length === 0) return null;
  if (length > SEO_LIMITS.pageTitleMax) {
    return `${length} characters: over the ${SEO_LIMITS.pageTitleMax}-character limit.`;
  }
  const width = Math.round(estimateTitleWidth(title.trim()));
  if (width > SEO_LIMITS.pageTitlePixels) {
    return `About ${width} px wide: Google cuts titles near ${SEO_LIMITS.pageTitlePixels} px.`;
  }
  return null;
}

/** The problem with a meta description, or null when it fits. */
export function checkMetaDescription(description: string): string | null {
  const length = countCharacters(description.trim());
  if (length === 0) return null;
  if (length > SEO_LIMITS.metaDescriptionMax) {
    return `${length} characters: over the ${SEO_LIMITS.metaDescriptionMax}-character limit.`;
  }
  if (length < SEO_LIMITS.metaDescriptionMin) {
    return `${length} characters: under the ${SEO_LIMITS.metaDescriptionMin}-character minimum.`;
  }
  const width = Math.round(estimateDescriptionWidth(description.trim()));
  if (width > SEO_LIMITS.metaDescriptionPixels) {
    return `About ${width} px wide: Google cuts descriptions near ${SEO_LIMITS.metaDescriptionPixels} px.`;
  }
  return null;
}

export function checkHeading(heading: string): string | null {
  const length = countCharacters(heading.trim());
  return length > SEO_LIMITS.headingMax
    ? `${length} characters: over the ${SEO_LIMITS.headingMax}-character limit.`
    : null;
}

export function checkAltText(altText: string): string | null {
  const length = countCharacters(altText.trim());
  return length > SEO_LIMITS.altTextMax
    ? `${length} characters: over the ${SEO_LIMITS.altTextMax}-character limit.`
    : null;
}

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
