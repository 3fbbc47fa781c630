// Raw SQL rows read through the schema: SQL names in, the schema's names and types out, and a row
// the schema does not describe refused rather than passed on.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { computedRow, parseRows, rowOf } from './raw-rows';
import { bundleWorkflowProducts, bundleWorkflows, userSpendCarried } from './schema';

describe('rowOf', () => {
  const row = rowOf(bundleWorkflowProducts, ['id', 'productId', 'isMultipleOf'], { image_count: z.number() });

  it('reads SQL names and answers the schema’s, computed columns under their own', () => {
    const [parsed] = parseRows(row, [
      { id: 7, product_id: 3, is_multiple_of: null, image_count: 2, extra: 'x' },
    ]);
    expect(parsed).toEqual({ id: 7, productId: 3, isMultipleOf: null, image_count: 2 });
  });

  it('maps values as drizzle does: timestamps from text, numeric from text', () => {
    const [run] = parseRows(rowOf(bundleWorkflows, ['createdAt']), [
      { created_at: '2026-11-26 17:00:00.5+00' },
    ]);
    expect(run!.createdAt).toEqual(new Date('2026-11-26T17:00:00.500Z'));
    const [spend] = parseRows(rowOf(userSpendCarried, ['spentUsd']), [{ spent_usd: '1.2500000000' }]);
    expect(spend!.spentUsd).toBe(1.25);
  });

  it('refuses a value of the wrong type, a null in a not-null column, and a missing column', () => {
    expect(() =>
      parseRows(row, [{ id: 'seven', product_id: 3, is_multiple_of: null, image_count: 2 }]),
    ).toThrow();
    expect(() =>
      parseRows(row, [{ id: 7, product_id: null, is_multiple_of: null, image_count: 2 }]),
    ).toThrow();
    expect(() => parseRows(row, [{ id: 7, product_id: 3, is_multiple_of: null }])).toThrow();
  });
});

describe('computedRow', () => {
  it('checks the computed columns and drops the rest', () => {
    const counted = computedRow({ n: z.number() });
    expect(parseRows(counted, [{ n: 3, other: true }])).toEqual([{ n: 3 }]);
    expect(() => parseRows(counted, [{ n: '3' }])).toThrow();
  });
});
