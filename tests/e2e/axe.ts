// The accessibility gate of the journeys: an axe-core scan of the screen as it is now, against the WCAG 2.1
// A and AA rules, failing the test on any violation and printing each one with its rule, its elements and,
// for contrast, axe's own figures (ratio, colours, the ratio expected). README "Accessibility" reads it.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type ScanOptions = {
  /**
   * CSS selectors left out of the scan. Each caller says why beside it; the only one now is Swagger UI on the
   * API-docs screen, a third-party widget the app does not style (api.spec.ts).
   */
  exclude?: string[];
};

/** One line per element: the rule, its impact, the element's selector and axe's summary of what fails. */
export function describeViolations(violations: Violations): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
        return `- ${violation.id} (${violation.impact ?? 'n/a'}) at ${node.target.join(' ')}: ${summary}`;
      }),
    )
    .join('\n');
}

/** Lets Mantine's transitions (drawers, menus, notifications) settle, so colours are read at rest. */
async function waitForTransitions(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
}

/** Scans the page with axe (WCAG 2.1 A/AA) and fails naming every violation. */
export async function expectNoAxeViolations(page: Page, label: string, options: ScanOptions = {}) {
  await waitForTransitions(page);
  // One pass in the page itself: the default splits the scan per frame and joins the parts in a second, blank
  // page, which costs seconds a scan and reads nothing more here, where every frame is the app's own origin.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode();
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const report = describeViolations(results.violations);
  expect(results.violations, `axe found violations on "${label}":\n${report}`).toEqual([]);
  console.log(`axe: "${label}": 0 violations, ${results.passes.length} rules passed`);
}
