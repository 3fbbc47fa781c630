// A real logger: a failed query is logged with its kind, code and request id, never with the
// product text it carried; every request line names its request.
import { beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../support/capture-log';
import { setupTestApp } from '../support/test-app';

const PRODUCT_TEXT = 'Moonlit Secret Lamp with a hand-blown opal shade';
const captured = captureLog();
const t = setupTestApp({ log: captured.log });

beforeAll(async () => {
  // A constraint the insert will break: the server's error detail then quotes the whole failing row.
  await t.app.database.pool.query(
    `alter table products add constraint no_lamps check (details::text not like '%Secret Lamp%')`,
  );
});

describe('a failed query in the log', () => {
  it('names the error and the request, and holds no product text', async () => {
    const response = await t.call('new-bundle', {
      bundle_name: 'Lamps',
      columns: ['title', 'description'],
      raw_csv: `${PRODUCT_TEXT},"${'A lamp that glows. '.repeat(500)}"`,
      custom_fields: {
        keywords: 'lamp',
        url_template: '/{{keywords}}',
        business_type: 'shop',
        tone_of_voice: 'calm',
      },
      workflow_id: 4,
    });
    expect(response.status).toBe(500);
    const lines = captured.entries();
    const failure = lines.find((line) => line.msg === 'function failed');
    expect(failure, captured.text()).toMatchObject({
      level: 50,
      function: 'new-bundle',
      err: { kind: 'database', code: '23514', constraint: 'no_lamps' },
    });
    const request = lines.find((line) => line.msg === 'request' && line.path === '/functions/v1/new-bundle');
    expect(request).toMatchObject({ status: 500, req_id: failure!.req_id });
    expect(captured.text()).not.toContain('Secret Lamp');
    expect(captured.text()).not.toContain('A lamp that glows');
    for (const line of captured.lines) expect(Buffer.byteLength(line)).toBeLessThan(4_500);
  });
});
