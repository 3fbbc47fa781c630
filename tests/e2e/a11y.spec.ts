// Focus indicators measured, the skip link, both colour schemes scanned, and the axe gate shown to fail.
// Each focusable element is reached with Tab; its ring (outline) is read from getComputedStyle and its
// colour compared with the first opaque background behind the element (WCAG 1.4.11 asks 3:1).
import { expect, type Page, test } from '@playwright/test';
import { contrastRatio, flatten } from '../../src/web/ui/contrast';
import { expectNoAxeViolations } from './axe';
import { signInNewUser } from './helpers';
import { expectHeadingFocused } from './keyboard';

type Ring = { element: string; style: string; width: number; color: string; background: string };

/** The focused element's ring: on the element, or for a hidden input (a switch's) on the control drawn beside it. */
function readFocusRing(page: Page): Promise<Ring | null> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    const hidden = Number(getComputedStyle(focused).opacity) === 0 || focused.offsetWidth <= 1;
    const drawn = (hidden ? focused.nextElementSibling : focused) as HTMLElement | null;
    if (!drawn) return null;
    const style = getComputedStyle(drawn);
    // The colour the ring is drawn over: the first ancestor with a background, blended down to the page.
    const layers: string[] = [];
    for (let node: HTMLElement | null = drawn.parentElement; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor;
      if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') layers.push(background);
      if (/^rgb\(/.test(background)) break;
    }
    const label = focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? '';
    return {
      element: `${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ''} "${label}"`,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
      background: layers.reverse().join('|') || 'rgb(255, 255, 255)',
    };
  });
}

function blend(layers: string): string {
  return layers.split('|').reduce((below, layer) => flatten(layer, below));
}

/** Tabs through `presses` elements, checking each one's ring; returns how many were measured. */
async function measureFocusRings(page: Page, presses: number): Promise<{ measured: number; lowest: number }> {
  const failures: string[] = [];
  let measured = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    const ring = await readFocusRing(page);
    if (!ring) continue;
    measured += 1;
    const ratio = contrastRatio(ring.color, blend(ring.background));
    lowest = Math.min(lowest, ratio);
    if (ring.style === 'none' || ring.width < 2 || ratio < 3) {
      failures.push(
        `${ring.element}: ${ring.style} ${ring.width}px ${ring.color} on ${ring.background} = ${ratio.toFixed(2)}:1`,
      );
    }
  }
  expect(failures, `focus indicators under 2 px or 3:1:\n${failures.join('\n')}`).toEqual([]);
  return { measured, lowest };
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme} scheme: every focused element shows a ring of 3:1 or more, and the screens pass axe`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    await expectNoAxeViolations(page, `${colorScheme}: sign-in`);
    const signIn = await measureFocusRings(page, 8);
    await signInNewUser(page, request, `focus-${colorScheme}`);
    await expectNoAxeViolations(page, `${colorScheme}: welcome`);
    for (const [link, heading] of [
      ['New', 'New bundle'],
      ['Account', 'Account'],
      ['Workflows', 'Workflows'],
      ['Workspace', 'Workspace'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await expectHeadingFocused(page, heading);
      await expectNoAxeViolations(page, `${colorScheme}: ${heading}`);
      const rings = await measureFocusRings(page, 30);
      console.log(
        `focus rings, ${colorScheme}, ${heading}: ${rings.measured} measured, lowest ${rings.lowest.toFixed(2)}:1`,
      );
      expect(rings.measured).toBeGreaterThan(5);
    }
    expect(signIn.measured).toBeGreaterThan(3);
  });
}

test('the skip link is the first thing Tab reaches and moves focus to the main landmark', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'skip-link');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await expectHeadingFocused(page, 'New bundle');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'New bundle' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  // Shown when focused: inside the viewport, not clipped away.
  const box = (await skip.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab goes into the page, past the header and the navigation.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement));
  expect(inMain).toBe(true);
});

test('the axe gate fails on a violation and names the rule, the element and the contrast figures', async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><body><main><p id="faint" style="color:#aaaaaa;background:#ffffff">Faint text</p></main></body></html>',
  );
  const failure = await expectNoAxeViolations(page, 'a faint paragraph').then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('color-contrast (serious) at #faint');
  expect(failure).toMatch(/contrast of 2\.\d+ \(foreground color: #aaaaaa, background color: #ffffff/);
});
