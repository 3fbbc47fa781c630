// The main flow with the keyboard alone: sign in, make a bundle from a sample store, let it run, open a
// product's Review panel and approve it. Only key presses (Tab, Shift+Tab, Enter, Space, arrows, typing);
// after each navigation focus is on the new page's heading.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  createConfirmedUser,
  OFFLINE_WRITER,
  PASSWORD,
  presentOwnClientAddress,
  uniqueEmail,
} from './helpers';
import { expectHeadingFocused, isFocused, tabTo } from './keyboard';

test.setTimeout(120_000);

test('keyboard only: sign in, create a bundle, run it, open a product and approve it', async ({
  page,
  request,
}) => {
  const address = await presentOwnClientAddress(page);
  const email = uniqueEmail('keyboard');
  await createConfirmedUser(request, email, address);
  await page.goto('/');
  await expect(page.getByLabel('Email address')).toBeVisible();

  // The skip link comes first, then the form.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await tabTo(page, page.getByLabel('Email address'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, 'Welcome to Copyloom');

  await tabTo(page, page.getByRole('link', { name: 'New', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/new-bundle$/);
  await expectHeadingFocused(page, 'New bundle');

  await tabTo(page, page.getByRole('button', { name: 'Sample: Nordic Home' }));
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Bundle Name')).not.toHaveValue('');
  // The workflow picker: open it with ArrowDown, walk the options with the arrows, pick with Enter.
  const picker = page.getByRole('combobox', { name: 'Workflow' });
  await tabTo(page, picker);
  await page.keyboard.press('ArrowDown');
  const offline = page.getByRole('option', { name: OFFLINE_WRITER });
  await expect(offline).toBeVisible();
  for (let presses = 0; presses < 20; presses += 1) {
    if ((await offline.getAttribute('data-combobox-selected')) !== null) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(OFFLINE_WRITER);

  await tabTo(page, page.getByRole('button', { name: 'Create' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  // After Create focus is on the new bundle's heading, not left on <body>.
  await expectHeadingFocused(page, 'Nordic Home');
  await expect(page.getByLabel(/(\d+) of \1 products done/)).toBeVisible({ timeout: 60_000 });

  const review = page.getByRole('button', { name: 'Review', exact: true }).first();
  await tabTo(page, review);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: /^Review: / });
  await expect(panel).toBeVisible();
  // The panel takes focus with it (a modal drawer traps it).
  await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expectNoAxeViolations(page, 'keyboard: review panel open');

  const approve = panel.getByRole('button', { name: 'Approve', exact: true });
  await tabTo(page, approve);
  await page.keyboard.press('Space');
  await expect(panel.getByLabel('Review: Approved')).toBeVisible();
  // Shift+Tab walks back through the panel without leaving it.
  await page.keyboard.press('Shift+Tab');
  expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  // Closing the panel gives focus back to the button that opened it.
  await expect.poll(() => isFocused(review)).toBe(true);
  await expect(page.getByLabel('Review: Approved').first()).toBeVisible();
});
