// The questions-and-answers field's value: the JSON text of [{ question, answer }], as the row, the contract,
// the edit and the review screen hold it. Read leniently (a text that is no pair list has no pairs), written
// one way, so that the writers, the check, the editor and the feeds agree on it.

export type QaPair = { question: string; answer: string };

const isPair = (value: unknown): value is QaPair =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as QaPair).question === 'string' &&
  typeof (value as QaPair).answer === 'string';

/** The pairs in a value (the JSON text or the list itself), as written; [] for anything else. */
export function readQaPairs(value: unknown): QaPair[] {
  let parsed = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed)
    ? parsed.filter(isPair).map((pair) => ({ question: pair.question, answer: pair.answer }))
    : [];
}

/** Whether a text is a pair list at all (an edit that is not is refused). */
export function isQaPairsText(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every(isPair);
  } catch {
    return false;
  }
}

/** The pairs as the field's text. */
export const qaPairsText = (pairs: readonly QaPair[]): string =>
  pairs.length === 0 ? '' : JSON.stringify(pairs.map(({ question, answer }) => ({ question, answer })));
