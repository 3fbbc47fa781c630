// Import, write, preview, push, the product page, undo: against the real WooCommerce store "none"
// (OAuth 1.0a over plain http, no SEO plugin). The journey and its assertions: support/journey.ts.
import { it } from 'vitest';
import { pushJourney } from './support/journey';
import { setupStoreFlow } from './support/push-flow';

const flow = setupStoreFlow('none', 'oauth');

it('imports every product and variation, pushes what the store shows, skips a store edit, and undo restores', async () => {
  await pushJourney(flow, 'none');
});
