// The copy-field registry is the one home of a field (decision 025): a registry with one more entry must put
// that field in the prompt's JSON schema and field rules, the answer parser, the output-token cap, the copy
// check, the csv export's columns and the review screen's field list, with nothing else changed.
import { describe, expect, it } from 'vitest';
import { BUNDLE_LIMITS } from '../../src/common/contract/constants';
import { type BundleWorkflowProduct, COPY_FIELDS } from '../../src/common/contract/entities';
import type { CopyFieldRegistry, CopyFieldSpec } from '../../src/common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../src/common/copy-fields/registry';
import { aiAnswerSchema, aiJsonSchema, editableShape } from '../../src/common/copy-fields/shapes';
import { csvCopyKinds } from '../../src/server/domain/export/column-kinds';
import {
  buildExportRows,
  EXPORT_HEADERS,
  exportHeaders,
  exportRowsToCsv,
} from '../../src/server/domain/export/rows';
import { checkCopy, fitCopyToLimits } from '../../src/server/domain/generation/check-copy';
import { fieldRules } from '../../src/server/domain/generation/prompt-templates';
import type { CopyFields } from '../../src/server/leaves/ai/copy-writer';
import { answerAsJson, defaultMaxOutputTokens } from '../../src/server/leaves/ai/openai-writer';
import { parseCopy } from '../../src/server/leaves/ai/parse-answer';
import { reviewFields } from '../../src/web/review/copy-fields';

const careNotes = {
  name: 'care_notes',
  column: 'care_notes',
  key: 'careNotes',
  holds: 'text',
  ai: {
    schema: { type: 'string', description: 'How to care for the product.' },
    rule: 'how to care for the product, in one sentence from the product data.',
    estimateChars: 400,
  },
  required: true,
  limit: { max: 40 },
  edit: { maxLength: 2_000 },
  exports: { csv: { column: 'care_notes', kind: 'text' } },
  review: { label: 'Care Notes', rows: { min: 2 } },
} as const satisfies CopyFieldSpec;

const registry: CopyFieldRegistry = [...COPY_FIELD_REGISTRY, careNotes];

const copy = (care: string) =>
  ({
    page_title: 'Wool Throw | Nordic Home',
    meta_description:
      'A soft wool throw from Nordic Home with knotted fringes on both ends, woven for the sofa and the bed, and warm on the coldest winter evenings.',
    heading: 'Wool Throw',
    description: 'A soft wool throw.',
    fact_sheet: 'Material: wool',
    questions_and_answers: JSON.stringify([
      { question: 'What is the Wool Throw?', answer: 'A soft wool throw.' },
      { question: 'Which brand is the Wool Throw from?', answer: 'Brand: Nordic Home.' },
      { question: 'What is it made of?', answer: 'Material: wool.' },
    ]),
    alt_texts: ['Wool Throw'],
    care_notes: care,
  }) as CopyFields;

const facts = { product_name: 'Wool Throw', brand: 'Nordic Home', description: 'A soft wool throw.' };

describe('a field added to the registry', () => {
  it('is in the JSON schema sent to the model, its field rules and the no-schema instruction', () => {
    const schema = aiJsonSchema(registry);
    expect(schema.properties.care_notes).toEqual(careNotes.ai.schema);
    expect(schema.required).toContain('care_notes');
    expect(aiJsonSchema().required).not.toContain('care_notes');
    expect(fieldRules(registry)).toContain(
      '- care_notes: how to care for the product, in one sentence from the product data.',
    );
    expect(answerAsJson(registry)).toContain('alt_texts (a list) and care_notes,');
    expect(defaultMaxOutputTokens(1, registry)).toBe(defaultMaxOutputTokens(1) + 200);
  });

  it('is read from the answer, and an answer without it is refused', () => {
    const answer = JSON.stringify(copy('Dry clean only.'));
    expect(parseCopy(answer, null, 'stop', undefined, registry)).toMatchObject({
      care_notes: 'Dry clean only.',
    });
    const { care_notes: _left, ...without } = copy('') as Record<string, unknown>;
    expect(() => parseCopy(JSON.stringify(without), null, 'stop', undefined, registry)).toThrow(/care_notes/);
    expect(aiAnswerSchema().safeParse(without).success).toBe(true);
  });

  it('is checked: required, held to its limit and cut to it', () => {
    expect(checkCopy(copy('Dry clean only.'), facts, 1, {}, registry)).toEqual([]);
    expect(checkCopy(copy(''), facts, 1, {}, registry)).toContainEqual({
      field: 'care_notes',
      kind: 'empty',
      message: 'care_notes is empty; it is required.',
    });
    const long = 'Dry clean only, never tumble dry, air it outside on a dry day.';
    expect(checkCopy(copy(long), facts, 1, {}, registry).map((problem) => problem.kind)).toContain(
      'too_long',
    );
    const { copy: cut, cutFields } = fitCopyToLimits(copy(long), registry);
    expect(cutFields).toEqual(['care_notes']);
    expect((cut as Record<string, unknown>).care_notes).toBe('Dry clean only, never tumble dry, air it');
  });

  it('is a column of the csv export, with its kind', () => {
    const headers = exportHeaders(registry);
    expect(headers).toEqual([
      ...EXPORT_HEADERS.slice(0, -2),
      'care_notes',
      'url_suggestion_level',
      'image_details',
    ]);
    expect(csvCopyKinds(registry).care_notes).toBe('text');
    const product = {
      id: 1,
      product_details: {},
      url_suggestion_level: '',
      image_details: [],
      care_notes: '<b>Dry</b> clean',
    };
    const rows = buildExportRows([product as unknown as BundleWorkflowProduct], registry);
    expect(rows[0]?.care_notes).toBe('Dry clean');
    const [header] = exportRowsToCsv(rows, headers).slice(1).split('\r\n');
    expect(header).toContain('"url_suggestion","care_notes","url_suggestion_level"');
  });

  it("is in the review screen's field list and update-product-copy's fields", () => {
    expect(reviewFields(registry).map((field) => field.name)).toEqual([...COPY_FIELDS, 'care_notes']);
    expect(reviewFields(registry).at(-1)).toMatchObject({
      label: 'Care Notes',
      holds: 'text',
      rows: { min: 2 },
    });
    expect(Object.keys(editableShape(registry))).toContain('care_notes');
  });
});

describe('the registry', () => {
  it("holds the contract's fields in their order, and edits to the contract's field length", () => {
    expect(COPY_FIELD_REGISTRY.map((field) => field.name)).toEqual(COPY_FIELDS);
    for (const field of COPY_FIELD_REGISTRY.filter(
      (entry) => entry.name !== 'url_suggestion' && 'edit' in entry,
    )) {
      expect(field.edit?.maxLength).toBe(BUNDLE_LIMITS.maxFieldLength);
    }
  });
});
