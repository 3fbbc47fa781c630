import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { outboxEntries } from '../support/dev-outbox';

export const PASSWORD = 'a long enough password';

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Each test presents its own client address, so per-address auth rate limits don't couple tests. */
export async function presentOwnClientAddress(page: Page): Promise<string> {
  const [a, b, c] = randomBytes(3);
  const address = `10.${a}.${b}.${c}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return address;
}

/** Waits for a mail to `to` whose link contains `fragment`, newest first, and returns that link. */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  fragment: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const entries = outboxEntries.parse(await (await request.get('/dev/outbox.json')).json());
      link = entries.find((e) => e.to === to)?.links.find((l) => l.includes(fragment));
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** A confirmed account, made through the same HTTP routes the sign-up screen uses. */
export async function createConfirmedUser(
  request: APIRequestContext,
  email: string,
  address: string,
): Promise<void> {
  const headers = { origin: `http://localhost:${process.env.E2E_PORT ?? 3100}`, 'x-forwarded-for': address };
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: 'E2E' },
    headers,
  });
  expect(signUp.ok()).toBe(true);
  const link = await linkFromOutbox(request, email, '/verify-email');
  const confirmed = await request.get(link, { headers, maxRedirects: 0 });
  expect(confirmed.status()).toBeLessThan(400);
}

export async function signInWithPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function expectSignedInShell(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: 'New', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/** A new confirmed account with its own client address, signed in from the home page. */
export async function signInNewUser(page: Page, request: APIRequestContext, label: string): Promise<void> {
  const address = await presentOwnClientAddress(page);
  const email = uniqueEmail(label);
  await createConfirmedUser(request, email, address);
  await page.goto('/');
  await signInWithPassword(page, email);
  await expectSignedInShell(page);
}

/** The workflow every journey uses unless it says otherwise: copy written offline, no provider. */
export const OFFLINE_WRITER = 'Built-in writer (no AI)';

/** Picks a workflow on the new-bundle screen. */
export async function chooseWorkflow(page: Page, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Workflow' });
  // A dropped file's preview can still be laying out the page when the dropdown opens, which leaves it open
  // with no option on screen: close it, bring the picker into view and open it again until the option can be
  // picked, then check the pick took.
  await expect(async () => {
    if ((await picker.getAttribute('aria-expanded')) === 'true') await picker.press('Escape');
    await picker.scrollIntoViewIfNeeded();
    await picker.click();
    await page.getByRole('option', { name }).click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(picker).toHaveValue(name);
}

export async function expectOnlySignInPanel(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}
