// The open API in a real browser: /api/docs renders the published contract under the app's CSP,
// and the Account page makes an API key (shown once) that works as a bearer key until it is revoked.
import { expect, test } from '@playwright/test';
import { openApiDocument } from '../support/openapi-document';
import { expectNoAxeViolations } from './axe';
import { screenshot, signInNewUser } from './helpers';

test('/api/docs renders every function of the contract, with no CSP violation', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Copyloom/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/functions/v1/new-bundle"]')).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/functions/v1/create-api-key"]')).toBeVisible();
  const raw = await (await page.request.get('/api/openapi.json')).json();
  const document = openApiDocument.parse(raw);
  // Swagger UI draws each webhook event as an operation too.
  const webhooks = Object.keys((raw as { webhooks?: Record<string, unknown> }).webhooks ?? {}).length;
  expect(webhooks).toBeGreaterThan(0);
  await expect(page.locator('.opblock')).toHaveCount(Object.keys(document.paths).length + webhooks);
  // Open one function: its request body schema is shown.
  await page.locator('.opblock-summary-path[data-path="/functions/v1/new-bundle"]').click();
  await expect(page.getByText('bundle_name').first()).toBeVisible();
  await screenshot(page, 'api-docs');
  // Swagger UI is a third-party widget drawn with its own styles and markup (operation summaries that nest
  // buttons, method badges at 2:1): the app can neither restyle nor restructure it short of forking it. Only
  // its root is left out; the page around it (language, title, landmarks) is still scanned.
  await expectNoAxeViolations(page, 'api-docs', { exclude: ['#swagger-ui'] });
  expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
});

test('an API key made on the Account page is shown once, works, and stops working once revoked', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'api-key');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByLabel('Key name').fill('Nightly script');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toBeVisible();
  const key = (await shown.locator('pre, code').first().textContent())?.trim() ?? '';
  expect(key).toMatch(/^cl_/);
  await expect(page.getByTestId('api-keys')).toContainText('Nightly script');
  await screenshot(page, 'account-api-keys');
  await expectNoAxeViolations(page, 'account-api-keys');

  const call = () =>
    request.post('/functions/v1/list-bundles', {
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      data: {},
    });
  expect((await call()).status()).toBe(200);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  // Once dismissed, the key is nowhere on the page.
  await expect(page.getByText(key)).toHaveCount(0);
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('api-keys')).toHaveCount(0);
  expect((await call()).status()).toBe(401);
});
