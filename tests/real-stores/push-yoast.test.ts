// Import, write, preview, push, the product page, undo: against the real WooCommerce store "yoast"
// (Basic over https, Yoast SEO). The journey and its assertions: support/journey.ts.
import { it } from 'vitest';
import { pushJourney } from './support/journey';
import { setupStoreFlow } from './support/push-flow';

const flow = setupStoreFlow('yoast', 'basic');

it('imports every product and variation, pushes what the store shows, skips a store edit, and undo restores', async () => {
  await pushJourney(flow, 'yoast');
});
