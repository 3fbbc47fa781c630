// The theme's colour pairs, light and dark, against WCAG 2.1 AA: 4.5:1 for text (filled button labels,
// coloured text, links, light badges and alerts, dimmed text, placeholders), 3:1 for the focus ring and
// control borders. The journeys' axe scans check the same on the screens as drawn.
import { DEFAULT_THEME, Loader, MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import {
  cssVariablesResolver,
  DARK_SURFACES,
  LIGHT_SURFACES,
  SCHEME_GLOBALS,
  schemeColors,
  theme,
} from './theme';

const SCHEMES = [
  { scheme: 'light', surfaces: LIGHT_SURFACES },
  { scheme: 'dark', surfaces: DARK_SURFACES },
] as const;

describe.each(SCHEMES)('the $scheme scheme', ({ scheme, surfaces }) => {
  const globals = SCHEME_GLOBALS[scheme];

  it.each(Object.keys(DEFAULT_THEME.colors))(
    '%s: filled, text, light and outline colours reach 4.5:1',
    (name) => {
      const colors = schemeColors(DEFAULT_THEME.colors[name]!, scheme);
      expect(contrastRatio('#ffffff', colors.filled)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio('#ffffff', colors.filledHover)).toBeGreaterThanOrEqual(4.5);
      for (const surface of surfaces) expect(contrastRatio(colors.text, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.lightColor, colors.light)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.lightColor, colors.lightHover)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('dimmed text and placeholders reach 4.5:1; the focus ring and control borders 3:1', () => {
    for (const surface of surfaces) {
      expect(contrastRatio(globals.dimmed, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(globals.focusRing, surface)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(globals.controlBorder, surface)).toBeGreaterThanOrEqual(3);
    }
    expect(contrastRatio(globals.placeholder, globals.body)).toBeGreaterThanOrEqual(4.5);
  });

  it('is what the CSS variables resolve to', () => {
    const variables = cssVariablesResolver(DEFAULT_THEME)[scheme];
    const teal = schemeColors(DEFAULT_THEME.colors.teal, scheme);
    expect(variables['--mantine-color-teal-filled']).toBe(teal.filled);
    expect(variables['--mantine-color-teal-light-color']).toBe(teal.lightColor);
    expect(variables['--mantine-color-dimmed']).toBe(globals.dimmed);
    expect(variables['--mantine-color-placeholder']).toBe(globals.placeholder);
    expect(variables['--mantine-color-anchor']).toBe(`var(--mantine-color-${theme.primaryColor}-text)`);
    expect(variables['--copyloom-focus-ring']).toBe(globals.focusRing);
  });
});

it("Mantine's defaults fail where the theme passes (the audit's figures)", () => {
  expect(contrastRatio('#ffffff', DEFAULT_THEME.colors.teal[6])).toBeLessThan(3);
  expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(4.5);
  expect(contrastRatio('#ffffff', schemeColors(DEFAULT_THEME.colors.teal, 'light').filled)).toBeGreaterThan(
    4.5,
  );
});

describe('components as the theme draws them', () => {
  it('a labelled loader is a status, so its label is read', () => {
    const html = renderToString(
      createElement(
        MantineProvider,
        { theme },
        createElement(Loader, { 'aria-label': 'Loading the history' }),
      ),
    );
    expect(html).toMatch(
      /role="status"[^>]*aria-label="Loading the history"|aria-label="Loading the history"[^>]*role="status"/,
    );
  });
});
