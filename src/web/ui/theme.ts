// The app's Mantine theme, chosen for WCAG 2.1 AA in the light and the dark colour scheme (decision 026).
// Mantine's defaults draw white on teal 6 (2.55:1), dimmed text in gray 6 (3.32:1), placeholders in gray 5
// (2.07:1) and 1 px gray 4 input borders (1.49:1). Rather than restyle components one by one, the theme keeps
// Mantine's palettes and resolves the CSS variables every component reads (filled, text, light, outline,
// dimmed, placeholder, anchor) to shades that reach the ratios below, computed from the palettes themselves.
import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';
import { shiftUntil } from './contrast';

/** Text and the text of controls: 4.5:1; a margin over it so rounding in a checker never tips a pair. */
export const TEXT_RATIO = 4.6;
/** Focus indicators and control borders (WCAG 1.4.11): 3:1, with the same kind of margin. */
export const NON_TEXT_RATIO = 3.1;

const WHITE = '#ffffff';
const BLACK = '#000000';
const DARK = DEFAULT_THEME.colors.dark;
/** The surfaces text sits on in the light scheme: the page, and the gray of hovered rows and code. */
export const LIGHT_SURFACES = [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]] as const;
/** The dark scheme's page (dark 7), its papers and inputs (dark 6) and its hovered surfaces (dark 5). */
export const DARK_SURFACES = [DARK[7], DARK[6], DARK[5]] as const;

export type SchemeColors = {
  /** A filled button's background; its label is white. */
  filled: string;
  filledHover: string;
  /** Text in this colour (c="red"), outline buttons, links of the primary colour. */
  text: string;
  /** A light button, badge or alert: its text over its background, hovered or not. */
  light: string;
  lightHover: string;
  lightColor: string;
};

/** One palette's colours in one scheme, each the nearest to Mantine's own that reaches the ratios. */
export function schemeColors(tuple: MantineColorsTuple, scheme: 'light' | 'dark'): SchemeColors {
  // White labels on filled backgrounds in both schemes: the same buttons whichever scheme is on.
  const filled = shiftUntil(tuple[6], [WHITE], TEXT_RATIO, BLACK);
  const filledHover = shiftUntil(filled, [WHITE], TEXT_RATIO + 0.8, BLACK);
  if (scheme === 'light') {
    const light = tuple[0];
    const lightHover = tuple[1];
    return {
      filled,
      filledHover,
      text: shiftUntil(tuple[7], [...LIGHT_SURFACES], TEXT_RATIO, BLACK),
      light,
      lightHover,
      lightColor: shiftUntil(tuple[9], [light, lightHover], TEXT_RATIO, BLACK),
    };
  }
  const light = shiftUntil(tuple[9], [WHITE], 8, BLACK);
  const lightHover = shiftUntil(tuple[9], [WHITE], 6, BLACK);
  return {
    filled,
    filledHover,
    text: shiftUntil(tuple[4], [...DARK_SURFACES], TEXT_RATIO, WHITE),
    light,
    lightHover,
    lightColor: shiftUntil(tuple[0], [light, lightHover], TEXT_RATIO, WHITE),
  };
}

/** The colours that are not a palette's: muted text, placeholders, control borders and the focus ring. */
export const SCHEME_GLOBALS = {
  light: {
    dimmed: shiftUntil(DEFAULT_THEME.colors.gray[6], [...LIGHT_SURFACES], TEXT_RATIO, BLACK),
    placeholder: shiftUntil(
      DEFAULT_THEME.colors.gray[5],
      [WHITE, DEFAULT_THEME.colors.gray[1]],
      TEXT_RATIO,
      BLACK,
    ),
    controlBorder: shiftUntil(DEFAULT_THEME.colors.gray[5], [...LIGHT_SURFACES], NON_TEXT_RATIO, BLACK),
    focusRing: shiftUntil(DEFAULT_THEME.colors.blue[7], [...LIGHT_SURFACES], NON_TEXT_RATIO + 1, BLACK),
    body: WHITE,
  },
  dark: {
    dimmed: shiftUntil(DARK[2], [...DARK_SURFACES], TEXT_RATIO, WHITE),
    placeholder: shiftUntil(DARK[3], [...DARK_SURFACES], TEXT_RATIO, WHITE),
    controlBorder: shiftUntil(DARK[4], [...DARK_SURFACES], NON_TEXT_RATIO, WHITE),
    focusRing: shiftUntil(DEFAULT_THEME.colors.blue[4], [...DARK_SURFACES], NON_TEXT_RATIO + 1, WHITE),
    body: DARK[7],
  },
} as const;

function colorVariables(scheme: 'light' | 'dark'): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, tuple] of Object.entries(DEFAULT_THEME.colors)) {
    const colors = schemeColors(tuple, scheme);
    Object.assign(variables, {
      [`--mantine-color-${name}-filled`]: colors.filled,
      [`--mantine-color-${name}-filled-hover`]: colors.filledHover,
      [`--mantine-color-${name}-text`]: colors.text,
      [`--mantine-color-${name}-outline`]: colors.text,
      [`--mantine-color-${name}-light`]: colors.light,
      [`--mantine-color-${name}-light-hover`]: colors.lightHover,
      [`--mantine-color-${name}-light-color`]: colors.lightColor,
    });
  }
  return variables;
}

function schemeVariables(scheme: 'light' | 'dark'): Record<string, string> {
  const globals = SCHEME_GLOBALS[scheme];
  return {
    ...colorVariables(scheme),
    '--mantine-color-dimmed': globals.dimmed,
    '--mantine-color-placeholder': globals.placeholder,
    '--mantine-color-anchor': `var(--mantine-color-${PRIMARY}-text)`,
    '--mantine-color-error': 'var(--mantine-color-red-text)',
    '--mantine-color-success': 'var(--mantine-color-teal-text)',
    '--copyloom-control-border': globals.controlBorder,
    '--copyloom-focus-ring': globals.focusRing,
  };
}

const PRIMARY = 'teal';

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: schemeVariables('light'),
  dark: schemeVariables('dark'),
});

export const theme = createTheme({
  primaryColor: PRIMARY,
  defaultRadius: 'md',
  focusRing: 'auto',
  // Plain objects rather than Component.extend: the theme is on the sign-in page, which loads no modal.
  components: {
    // Mantine's close buttons are an icon with no name: every notification, modal and drawer gets one.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A menu holds menu items only: Mantine's focus placeholder (a role=presentation div) is left out, so focus
    // goes to the first item as the menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A table that scrolls sideways can be scrolled with the keyboard: its viewport takes focus.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // An option list is a listbox, whose children may only be options, so its scroll viewport cannot take
    // focus; it is given room for a dozen options before it scrolls (the arrow keys reach every option
    // either way, from the input). A clearable input's clear button is named.
    Select: { defaultProps: { maxDropdownHeight: 420, clearButtonProps: { 'aria-label': 'Clear' } } },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear the file' } } },
    // A loader is a span: its label ("Loading the history") is read only when it has a role, and a live one
    // at that, so it is a status.
    Loader: { defaultProps: { role: 'status' } },
    // A titled notification draws its message in gray 6 (3.32:1): the theme's dimmed text instead.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});
