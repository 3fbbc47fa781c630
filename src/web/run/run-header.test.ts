// The run header's batch line: state, counts and submission time, rendered to HTML on the server.
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BatchStatus } from './run-header';

const render = (batch: Parameters<typeof BatchStatus>[0]['batch']) =>
  renderToString(createElement(MantineProvider, null, createElement(BatchStatus, { batch })));

const batch = {
  id: 7,
  purpose: 'generate' as const,
  state: 'in_progress',
  request_count: 20,
  completed_count: 12,
  failed_count: 1,
  error: null,
  submitted_at: '2026-11-24T19:02:00.000Z',
  finished_at: null,
};

describe('the run header batch line', () => {
  it('shows the state, the counts and when the batch was submitted', () => {
    const html = render(batch);
    expect(html).toContain('Batch<!-- --> (half price)');
    expect(html).toContain('In progress');
    expect(html).toMatch(/12<!-- --> of <!-- -->20<!-- --> answered, <!-- -->1<!-- --> failed/);
    expect(html).toContain('submitted ');
    expect(html).toContain('Nov');
  });

  it('names an expired batch and its reason, and a batch not submitted yet', () => {
    const html = render({
      ...batch,
      state: 'expired',
      error: 'The batch expired before the provider answered this product. Retry it.',
    });
    expect(html).toContain('Expired');
    expect(html).toContain('The batch expired before');
    expect(render({ ...batch, state: 'preparing', submitted_at: null })).toContain('not submitted yet');
  });
});
