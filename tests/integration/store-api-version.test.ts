// Shopify answers a version it no longer supports with a newer one and says which in X-Shopify-API-Version.
// A store whose answers come with another version than Copyloom asks for is warned of in the log (the store and
// the two versions, no token), recorded on the connection, listed with it, and named on the Account page;
// once the store answers the version asked again, the note goes.
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_API_VERSION } from '../../src/server/domain/stores/shopify/shopify-api';
import { ApiVersionNote } from '../../src/web/stores/api-version-note';
import { captureLog } from '../support/capture-log';
import { type FakeShopify, type FakeShopifyOptions, startFakeShopify } from '../support/fake-shopify';
import { shopifyCatalogue } from '../support/store-catalogues';
import { setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const TOKEN = 'shpat_api_version_test_token_0123456789';
const NEWER = '2026-10';

const options: FakeShopifyOptions = { accessToken: TOKEN, answersApiVersion: NEWER };
let shopify: FakeShopify;
beforeAll(async () => {
  shopify = await startFakeShopify(shopifyCatalogue(3), options);
});
afterAll(async () => {
  await shopify?.close();
});

const captured = captureLog();
const t = setupTestApp({ env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: shopify.hostPort }), log: captured.log });

const listed = async (storeId: number) => {
  const answer = await t.call('list-stores', {});
  expect(answer.status).toBe(200);
  const store = answer.data.stores.find((one) => one.id === storeId);
  if (!store) throw new Error(`store ${storeId} is not listed`);
  return store;
};

describe('a Shopify store answering another API version', () => {
  it('is warned of, recorded on the connection and shown on the Account page, until it answers ours again', async () => {
    expect(SHOPIFY_API_VERSION).not.toBe(NEWER);
    const connected = await t.call('connect-store', {
      platform: 'shopify',
      store_url: shopify.origin,
      access_token: TOKEN,
    });
    expect(connected.status).toBe(200);
    const version = { asked: SHOPIFY_API_VERSION, answered: NEWER };
    expect(connected.data.store.api_version).toEqual(version);
    const storeId = connected.data.store.id;
    expect((await listed(storeId)).api_version).toEqual(version);

    const warnings = captured
      .entries()
      .filter((entry) => entry.msg === 'The store answered with another API version than Copyloom asks for');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 40,
      platform: 'shopify',
      askedApiVersion: SHOPIFY_API_VERSION,
      answeredApiVersion: NEWER,
    });
    expect(captured.text()).not.toContain(TOKEN);

    const page = renderToStaticMarkup(
      createElement(MantineProvider, null, createElement(ApiVersionNote, { store: await listed(storeId) })),
    );
    expect(page).toContain(
      `Shopify answered with API version ${NEWER}; Copyloom asks for ${SHOPIFY_API_VERSION}.`,
    );

    // The store answers the version asked again (here, to import-store's count): the record is cleared.
    options.answersApiVersion = undefined;
    const imported = await t.call('import-store', { store_id: storeId, bundle_name: 'Versions' });
    expect(imported.status).toBe(200);
    await waitUntil('the record is cleared', async () => (await listed(storeId)).api_version === null);
    const cleared = renderToStaticMarkup(
      createElement(MantineProvider, null, createElement(ApiVersionNote, { store: await listed(storeId) })),
    );
    expect(cleared).not.toContain('answered with API version');
  });

  it('leaves a store that answers the version asked without a note or a warning', async () => {
    options.answersApiVersion = undefined;
    const before = captured.entries().length;
    const connected = await t.call('connect-store', {
      platform: 'shopify',
      store_url: shopify.origin,
      access_token: TOKEN,
    });
    expect(connected.status).toBe(200);
    expect(connected.data.store.api_version).toBeNull();
    expect(
      captured
        .entries()
        .slice(before)
        .map((entry) => entry.msg),
    ).not.toContain('The store answered with another API version than Copyloom asks for');
  });
});
