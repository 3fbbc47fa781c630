import { describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import { changedFields, copyOfProduct } from './copy-fields';
import { matchesFilter, type PRODUCT_FILTERS } from './product-filter';

function product(overrides: Partial<BundleWorkflowProduct>): BundleWorkflowProduct {
  return {
    id: 1,
    product_id: 1,
    bundle_workflow_id: 1,
    product_details: { product_name: 'Oak Stool' },
    page_title: 'Oak Stool | Tre',
    meta_description: 'A small oak stool.',
    heading: 'Oak Stool',
    description: 'A small oak stool.',
    fact_sheet: 'Material: Oak',
    progress: 100,
    status: 'done',
    error: null,
    url_suggestion_level: '',
    url_suggestion: '/oak-stool',
    review_state: 'pending',
    problems: [],
    locked_fields: [],
    version: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    image_details: [],
    ...overrides,
  };
}

describe('matchesFilter', () => {
  const flagged = product({ problems: [{ field: 'page_title', code: 'too_long', message: 'Too long.' }] });
  const failed = product({ status: 'failed', problems: null });
  const approved = product({ review_state: 'approved' });
  const rejected = product({ review_state: 'rejected' });
  const pending = product({});
  const all = [flagged, failed, approved, rejected, pending];

  it('lets through exactly the products of each filter', () => {
    const count = (filter: (typeof PRODUCT_FILTERS)[number]) => all.filter((p) => matchesFilter(p, filter));
    expect(count('all')).toHaveLength(5);
    expect(count('flagged')).toEqual([flagged]);
    expect(count('failed')).toEqual([failed]);
    expect(count('approved')).toEqual([approved]);
    expect(count('rejected')).toEqual([rejected]);
    // Flagged and failed products are pending review too.
    expect(count('pending')).toEqual([flagged, failed, pending]);
  });
});

describe('changedFields', () => {
  it('names the edited fields, alt texts as one', () => {
    const image = {
      bundle_workflow_products_image_id: 1,
      url: 'https://img.example/a.jpg',
      alt_text: 'Oak stool',
      compression_requested: false,
      compression_processing_id: null,
      compression_complete: false,
      original_bytes: null,
      compressed_bytes: null,
      compression_error: null,
    };
    const before = copyOfProduct(product({ image_details: [image] }));
    const after = copyOfProduct(
      product({ page_title: 'My stool', image_details: [{ ...image, alt_text: 'My oak stool' }] }),
    );
    expect(changedFields(before, after)).toEqual(['page_title', 'alt_texts']);
    expect(changedFields(before, before)).toEqual([]);
  });
});
