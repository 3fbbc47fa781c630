// The ways a provider breaks text that still parses and fits the limits, as seen from real models and from
// bugs in the code that templates their answers: a value that was never filled in ("undefined undefined"), a
// sentence cut off when the answer ran out of tokens, and the store's own section heading copied as the
// opening words. The provider fake applies one of them to some first answers (fake-openai.ts, lapses).

export const TEXT_BREAKS = ['artefact', 'cut_sentence', 'store_heading'] as const;
export type TextBreak = (typeof TEXT_BREAKS)[number];

export const isTextBreak = (lapse: string): lapse is TextBreak =>
  (TEXT_BREAKS as readonly string[]).includes(lapse);

type Context = { name: string; facts: Array<[string, string]> };

/** The store's first line of its description as the prompt lists it ("line one; line two"). */
const firstLineOf = (context: Context) =>
  context.facts
    .find(([key]) => key === 'description')?.[1]
    .split('; ')[0]
    ?.trim() ?? '';

export function breakText(answer: Record<string, unknown>, kind: TextBreak, context: Context): void {
  const meta = String(answer.meta_description ?? '');
  if (kind === 'artefact') {
    // A template whose variables were not passed in: "${colour} ${size}" rendered from undefined.
    answer.meta_description = meta.replace(/[^.!?]*[.!?]?$/, ' Now in undefined undefined.').trim();
    answer.page_title = `${String(answer.page_title ?? context.name)} undefined`.trim();
    return;
  }
  if (kind === 'cut_sentence') {
    answer.meta_description = `${meta.replace(/[.!?]\s*$/, '.')} Questions about the ${context.name}? Our team answers`;
    answer.description = `${String(answer.description ?? '')}\n\nIt comes with`.trim();
    answer.heading = `${context.name} with`;
    return;
  }
  const line = firstLineOf(context);
  if (line !== '') {
    answer.meta_description = `${line} ${meta}`;
    answer.description = `${line}\n\n${String(answer.description ?? '')}`;
  }
}
