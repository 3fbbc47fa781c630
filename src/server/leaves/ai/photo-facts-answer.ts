// What a model that sees says it saw in each attached photo (decision 044), asked for beside the copy in the
// same structured answer: a list of { image, name, value } ("image 2: colour blue"). Read leniently: a model
// that leaves the list out, or names an image it was not shown, loses those facts and never the copy.
import { z } from 'zod';
import { aiJsonSchema } from '../../../common/copy-fields/shapes';
import type { PhotoSet, SeenFact } from './copy-writer';

/** The most facts kept a photo, and the longest name and value: a fact is a word or two, not a description. */
export const MAX_FACTS_A_PHOTO = 8;
const MAX_NAME = 40;
const MAX_VALUE = 60;

const FACT_ITEM = {
  type: 'object',
  properties: {
    image: { type: 'integer' },
    name: { type: 'string' },
    value: { type: 'string' },
  },
  required: ['image', 'name', 'value'],
  additionalProperties: false,
} as const;

/** The structured answer of a call that carries photos: the copy's fields and `photo_facts`. */
export function photoAnswerJsonSchema() {
  const copy = aiJsonSchema();
  return {
    ...copy,
    properties: { ...copy.properties, photo_facts: { type: 'array', items: FACT_ITEM } },
    required: [...copy.required, 'photo_facts'],
  } as const;
}

const answerFacts = z.object({
  photo_facts: z.array(z.object({ image: z.number(), name: z.string(), value: z.string() }).loose()),
});

/**
 * The facts in an answer's JSON, each tied to an attached photo by its image number (1 for the product's first
 * image, as the prompt numbers them); facts of a photo that was not attached, empty ones, and repeats are
 * dropped.
 */
export function readSeenFacts(json: unknown, photos: PhotoSet | undefined): SeenFact[] {
  const parsed = answerFacts.safeParse(json);
  if (!parsed.success || !photos) return [];
  const attached = new Set(photos.photos.map((photo) => photo.position));
  const kept = new Map<string, SeenFact>();
  const perPhoto = new Map<number, number>();
  for (const fact of parsed.data.photo_facts) {
    const position = Math.trunc(fact.image) - 1;
    const name = fact.name.trim().toLowerCase().slice(0, MAX_NAME);
    const value = fact.value.trim().slice(0, MAX_VALUE);
    if (!attached.has(position) || name === '' || value === '') continue;
    const key = `${position}|${name}|${value.toLowerCase()}`;
    const count = perPhoto.get(position) ?? 0;
    if (kept.has(key) || count >= MAX_FACTS_A_PHOTO) continue;
    perPhoto.set(position, count + 1);
    kept.set(key, { position, name, value });
  }
  return [...kept.values()];
}
