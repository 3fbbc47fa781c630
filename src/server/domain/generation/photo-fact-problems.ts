// What the copy check makes of the facts a model saw in the product's photos (decision 044). Alt text may say
// them at once: it describes the photo. Any other field may say one only once a reviewer has accepted it; until
// then it is a claim the product data does not make. A colour is matched by what it names, in any language
// the phrasebooks know ("red" seen, "rouge" written). A photo whose colour is not the one the product's data
// names (a variant "Red" whose photo shows blue) is flagged for the reviewer: no rewrite mends that.
import type { PhotoFact } from '../../../common/contract/entities';
import type { CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { colourNamed, colourWordsIn } from '../../../common/copy-rules/photo-words';
import type { CopyFields, ProductFacts } from '../../leaves/ai/copy-writer';
import { fieldTexts } from './copy-field-texts';
import type { CopyField } from './problem-messages';

/** One photo's facts, by the photo's place among the product's images (from 0). */
export type PhotoFacts = { position: number; facts: PhotoFact[] };

export type PhotoFactProblem = {
  field: CopyField;
  kind: 'photo_fact' | 'photo_contradiction';
  message: string;
};

export const PHOTO_FACT_MESSAGES = {
  unaccepted: (field: CopyField, written: string, position: number, fact: PhotoFact) =>
    `${field} says "${written}", which only the photo shows (image ${position + 1}: ${fact.name} ${fact.value}); a reviewer has not accepted it, so leave it out or accept the photo fact.`,
  contradiction: (position: number, seen: string, owner: string, named: string) =>
    `The photo of ${owner} (image ${position + 1}) shows ${seen}, not ${named}; check the photo or the product data.`,
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a text says a fact: the colour it names in any language, or else its value as whole words. */
function saidIn(text: string, fact: PhotoFact): string | null {
  const colour = colourNamed(fact.value);
  if (colour) return colourWordsIn(text).find((word) => word.colour === colour)?.written ?? null;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(fact.value)}(?![\\p{L}\\p{N}])`, 'iu');
  return pattern.exec(text)?.[0] ?? null;
}

/** Whether the product's own data says the fact already, so copy may say it whoever saw it. */
function inData(facts: ProductFacts, fact: PhotoFact): boolean {
  return Object.values(facts).some((value) => value !== null && saidIn(value, fact) !== null);
}

/** The photos a model looked at and said what it saw in. */
export const seenPositions = (photoFacts: readonly PhotoFacts[] = []): ReadonlySet<number> =>
  new Set(photoFacts.filter((photo) => photo.facts.length > 0).map((photo) => photo.position));

/** The accepted facts as product data, for the grounding check: "photo colour (image 1)": "red". */
export function acceptedAsData(photoFacts: readonly PhotoFacts[]): ProductFacts {
  return Object.fromEntries(
    photoFacts.flatMap(({ position, facts }) =>
      facts
        .filter((fact) => fact.accepted)
        .map((fact, i) => [`photo ${fact.name} (image ${position + 1}, ${i + 1})`, fact.value]),
    ),
  );
}

/** Each field other than an alt text that says a photo fact no reviewer has accepted, once per fact. */
export function unacceptedPhotoFactProblems(
  copy: CopyFields,
  facts: ProductFacts,
  photoFacts: readonly PhotoFacts[],
  registry: CopyFieldRegistry,
): PhotoFactProblem[] {
  const pending = photoFacts.flatMap(({ position, facts: seen }) =>
    seen.filter((fact) => !fact.accepted && !inData(facts, fact)).map((fact) => ({ position, fact })),
  );
  if (pending.length === 0) return [];
  const problems: PhotoFactProblem[] = [];
  for (const [field, text] of fieldTexts(copy, registry)) {
    if (field.startsWith('alt_texts[')) continue;
    const reported = new Set<string>();
    for (const { position, fact } of pending) {
      const written = saidIn(text, fact);
      if (!written || reported.has(written.toLowerCase())) continue;
      reported.add(written.toLowerCase());
      problems.push({
        field,
        kind: 'photo_fact',
        message: PHOTO_FACT_MESSAGES.unaccepted(field, written, position, fact),
      });
    }
  }
  return problems;
}

/**
 * The colours the product's data names as a whole value ("colour: Red", a variant's option "Rouge"), each with
 * who names it: the variant by its value, else the product.
 */
function dataColours(facts: ProductFacts, variantValues: readonly string[]) {
  const named = [
    ...variantValues.map((value) => ({ value, owner: `variant "${value}"` })),
    ...Object.values(facts)
      .filter((value): value is string => value !== null && !variantValues.includes(value))
      .map((value) => ({ value, owner: `the product ("${value}")` })),
  ];
  return named.flatMap(({ value, owner }) => {
    const colour = colourNamed(value);
    return colour ? [{ colour, value, owner }] : [];
  });
}

// A fact about the photo's setting, not the product: a white background says nothing of a red variant.
const SETTING = /background|setting|fond|hintergrund|fondo|sfondo|achtergrond|fundo/i;

/**
 * A photo whose colour facts name none of the colours the data names: its alt text's field carries the flag,
 * naming the variant (or product), the colour seen and the colour named.
 */
export function photoContradictions(
  facts: ProductFacts,
  variantValues: readonly string[],
  photoFacts: readonly PhotoFacts[],
): PhotoFactProblem[] {
  const named = dataColours(facts, variantValues);
  if (named.length === 0) return [];
  const problems: PhotoFactProblem[] = [];
  for (const { position, facts: seen } of photoFacts) {
    const colours = seen.flatMap((fact) => {
      if (SETTING.test(fact.name)) return [];
      const colour = colourNamed(fact.value);
      return colour ? [{ colour, value: fact.value }] : [];
    });
    if (colours.length === 0 || colours.some((c) => named.some((n) => n.colour === c.colour))) continue;
    const first = named[0]!;
    problems.push({
      field: `alt_texts[${position}]`,
      kind: 'photo_contradiction',
      message: PHOTO_FACT_MESSAGES.contradiction(position, colours[0]!.value, first.owner, first.colour),
    });
  }
  return problems;
}
