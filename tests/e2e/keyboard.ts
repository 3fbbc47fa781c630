// Keyboard helpers for the journeys that use no mouse (keyboard.spec.ts, a11y.spec.ts).
import { expect, type Locator, type Page } from '@playwright/test';

export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, failing after `limit` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 120 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    if ((await target.count()) === 1 && (await isFocused(target))) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
}

/** The page's h1 holds focus, as after every navigation (so a screen reader announces the page). */
export async function expectHeadingFocused(page: Page, name: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeFocused();
}
