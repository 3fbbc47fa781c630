// The limits every copy field is held to (SEO_LIMITS: characters, and pixels for the title and meta
// description), measured in one place. The server's check (generation/check-copy.ts), the writers and the
// review screens all measure with `measureField` and cut with `fitField`, so the screen can never flag what
// the server passed: the server stores its check result on the product, and the screen shows exactly that.
// The message helpers below word the same measurement for an editor's typed text.
import { countCharacters, SEO_LIMITS, truncateAtWordBoundary } from './copy-rules';
import { estimateDescriptionWidth, estimateTitleWidth } from './serp-width';

export type LimitedField = 'page_title' | 'meta_description' | 'heading' | 'alt_text';

export type FieldLimits = {
  max: number;
  min?: number;
  /** Google cuts a result's title and description by width; `name` is what the message calls them. */
  pixels?: { max: number; estimateWidth: (text: string) => number; name: string };
};

export const FIELD_LIMITS: Record<LimitedField, FieldLimits> = {
  page_title: {
    max: SEO_LIMITS.pageTitleMax,
    pixels: { max: SEO_LIMITS.pageTitlePixels, estimateWidth: estimateTitleWidth, name: 'titles' },
  },
  meta_description: {
    max: SEO_LIMITS.metaDescriptionMax,
    min: SEO_LIMITS.metaDescriptionMin,
    pixels: {
      max: SEO_LIMITS.metaDescriptionPixels,
      estimateWidth: estimateDescriptionWidth,
      name: 'descriptions',
    },
  },
  heading: { max: SEO_LIMITS.headingMax },
  alt_text: { max: SEO_LIMITS.altTextMax },
};

// A field of the copy-field registry carries its limits itself; the named ones are the limits Google shows.
const limitsOf = (field: LimitedField | FieldLimits): FieldLimits =>
  typeof field === 'string' ? FIELD_LIMITS[field] : field;

/** How a text breaks its field's limits: by characters (too long, too short) or by pixels (too wide). */
export type LimitBreach =
  | { kind: 'too_long' | 'too_short'; length: number; min: number; max: number }
  | { kind: 'too_wide'; width: number; maxPx: number; name: string };

/** The first limit `text` breaks, or null when it fits. Empty text is not a length problem. */
export function measureField(field: LimitedField | FieldLimits, text: string): LimitBreach | null {
  const { max, min = 0, pixels } = limitsOf(field);
  const trimmed = text.trim();
  const length = countCharacters(trimmed);
  if (length === 0) return null;
  if (length > max) return { kind: 'too_long', length, min, max };
  if (length < min) return { kind: 'too_short', length, min, max };
  if (!pixels) return null;
  const width = Math.round(pixels.estimateWidth(trimmed));
  return width > pixels.max ? { kind: 'too_wide', width, maxPx: pixels.max, name: pixels.name } : null;
}

/** Cuts `text` at a word boundary until it is within its field's characters and pixels. */
export function fitField(field: LimitedField | FieldLimits, text: string): string {
  const { max, pixels } = limitsOf(field);
  let fitted = truncateAtWordBoundary(text.trim(), max);
  if (!pixels) return fitted;
  while (pixels.estimateWidth(fitted) > pixels.max && countCharacters(fitted) > 1) {
    fitted = truncateAtWordBoundary(fitted, countCharacters(fitted) - 1);
  }
  return fitted;
}

/** The breach as the review screens word it for text an editor typed. */
function describeBreach(breach: LimitBreach | null): string | null {
  if (!breach) return null;
  switch (breach.kind) {
    case 'too_long':
      return `${breach.length} characters: over the ${breach.max}-character limit.`;
    case 'too_short':
      return `${breach.length} characters: under the ${breach.min}-character minimum.`;
    case 'too_wide':
      return `About ${breach.width} px wide: Google cuts ${breach.name} near ${breach.maxPx} px.`;
  }
}

/** The breach of a field's limits by text an editor typed, worded for the review screens. */
export const checkLimits = (limits: FieldLimits, text: string) => describeBreach(measureField(limits, text));

export const checkPageTitle = (title: string) => describeBreach(measureField('page_title', title));
export const checkMetaDescription = (description: string) =>
  describeBreach(measureField('meta_description', description));
export const checkHeading = (heading: string) => describeBreach(measureField('heading', heading));
export const checkAltText = (altText: string) => describeBreach(measureField('alt_text', altText));

export type CopyLimitField = 'page_title' | 'meta_description' | 'heading';

/**
 * The problem with one field's text as typed in an editor, or null; empty text is never flagged (it is still
 * being written). Saved copy is flagged from the product's stored `problems` instead (web/run/limit-flag.tsx).
 */
export function checkCopyField(field: CopyLimitField, text: string | null | undefined): string | null {
  return text ? describeBreach(measureField(field, text)) : null;
}
