// The outside world of bench/load-functions.ts's users: a Shopify store (the fake) for each, and one webhook
// receiver for them all, on loopback; and what they were sent, for the bench to check what the calls caused.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeShopify, startFakeShopify } from '../tests/support/fake-shopify';
import { shopifyCatalogue } from '../tests/support/store-catalogues';
import { productInputOf } from '../tests/support/store-requests';

export const STORE_TOKEN = 'shpat_load_functions_bench_token_0123';
/** The ring and 19 totes: two pages of the fake's catalogue. */
const STORE_EXTRA_PRODUCTS = 19;

export type OutsideWorld = {
  stores: FakeShopify[];
  /** "127.0.0.1:<port>" of the webhook receiver. */
  receiver: string;
  /** Requests the receiver got. */
  deliveries: () => number;
  close: () => Promise<void>;
};

export async function startOutsideWorld(users: number): Promise<OutsideWorld> {
  // Generous buckets: the stores are not what is measured, and a push waiting on a bucket would only hide
  // the app's own latency.
  const stores = await Promise.all(
    Array.from({ length: users }, () =>
      startFakeShopify(shopifyCatalogue(STORE_EXTRA_PRODUCTS), {
        accessToken: STORE_TOKEN,
        bucketSize: 1e9,
        restoreRate: 1e9,
      }),
    ),
  );
  let deliveries = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      deliveries += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  return {
    stores,
    receiver: `127.0.0.1:${port}`,
    deliveries: () => deliveries,
    close: async () => {
      await Promise.all(stores.map((store) => store.close()));
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}

/** The productUpdate calls the stores answered, and how many products got more than one. */
export function countProductUpdates(stores: FakeShopify[]): { updates: number; writtenTwice: number } {
  let updates = 0;
  let writtenTwice = 0;
  for (const store of stores) {
    const writes = new Map<string, number>();
    for (const call of store.calls) {
      if (call.throttled || !call.query.includes('productUpdate')) continue;
      updates += 1;
      const { id } = productInputOf(call);
      writes.set(id, (writes.get(id) ?? 0) + 1);
    }
    writtenTwice += [...writes.values()].filter((count) => count > 1).length;
  }
  return { updates, writtenTwice };
}
