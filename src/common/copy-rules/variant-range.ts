// The range a product's variants span ("Size: S, M, L"), and the one rule about it: copy about the product
// as a whole may name a whole range, never single out some of its values (the first variant's colour in the
// product's title). The check and the built-in writer both read it here.
import { escapeRegExp, namesValue } from './copy-rules';

/** An option a product's variants differ in ("Size") and every value they take ("S", "M", "L"). */
export type VariantRange = { name: string; values: readonly string[] };

/** "Size: S, M, L; Colour: Black, White". */
export function describeRange(range: readonly VariantRange[]): string {
  return range.map((option) => `${option.name}: ${option.values.join(', ')}`).join('; ');
}

/**
 * Whether a text names a value. A short code ("S", "XL") counts only written as the store writes it and
 * standing alone: the "s" of "Acme's" or the "l" of "L'Oréal" is no size.
 */
function namesRangeValue(text: string, value: string): boolean {
  if (/^(?:\p{Lu}{1,4}|\p{L}{1,2})$/u.test(value.trim())) {
    return new RegExp(`(?<![\\p{L}\\p{N}'’])${escapeRegExp(value.trim())}(?![\\p{L}\\p{N}'’])`, 'u').test(
      text,
    );
  }
  return namesValue(text, value);
}

/** The values a text names of each option whose values it names some but not all of; empty when fine. */
export function singledOutValues(range: readonly VariantRange[], text: string): string[] {
  const singled: string[] = [];
  for (const option of range) {
    const named = option.values.filter((value) => namesRangeValue(text, value));
    if (named.length > 0 && named.length < option.values.length) singled.push(...named);
  }
  return singled;
}
