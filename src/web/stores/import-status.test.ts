import { describe, expect, it } from 'vitest';
import type { StoreImportView } from '../../common/contract/functions';
import { importProgressText, isImporting } from './import-status';

const running: StoreImportView = {
  state: 'running',
  method: 'pages',
  products_read: 1200,
  products_total: 4500,
  products: null,
  error: null,
};

describe('the store import status', () => {
  it('counts the products read of the store’s count, or alone when the store gave none', () => {
    expect(importProgressText(running)).toBe('Importing… 1,200 of 4,500 products');
    expect(importProgressText({ ...running, products_total: null })).toBe('Importing… 1,200 products');
  });

  it('is importing while queued or running only', () => {
    expect(isImporting(running)).toBe(true);
    expect(isImporting({ ...running, state: 'queued' })).toBe(true);
    expect(isImporting({ ...running, state: 'done' })).toBe(false);
    expect(isImporting({ ...running, state: 'failed' })).toBe(false);
    expect(isImporting(undefined)).toBe(false);
  });
});
