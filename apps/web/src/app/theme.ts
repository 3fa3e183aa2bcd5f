import {
  type BadgeProps,
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type NotificationProps,
} from '@mantine/core';

export const ACCENT_COLOR = '#f6951e';

// The accent sits at shade 6 (Mantine's primary shade); lighter shades mix it with white. The dark
// end is deep enough to carry text: shade 9 is the light variant's text (active menu item, light
// badges and buttons), 4.5:1 or more on shades 0 to 2.
export const accentShades: MantineColorsTuple = [
  '#fef7ed',
  '#fdecd7',
  '#fcdbb3',
  '#fbca8f',
  '#f9b96b',
  '#f8a744',
  ACCENT_COLOR,
  '#dd861b',
  '#a35c0e',
  '#8a4f0c',
];

// WCAG 2.2 AA asks 4.5:1 for text. Mantine's light scheme writes coloured text, links and outlines
// in shade 6 (orange 2.3:1, red 3.3:1, blue 3.6:1 on white) and the light variants in shade 9 on
// shade 1 (green 3.8:1, yellow 2.7:1): the colours the portal uses write text in these instead.
export const readableTextColors = {
  orange: accentShades[9],
  red: '#a51d1d',
  green: '#1f6b2e',
  yellow: '#7a4a00',
  blue: '#1864ab',
  gray: '#5c636a',
} as const;

// Secondary text (c="dimmed"): Mantine's gray-6 is 3.3:1 on white.
export const DIMMED_TEXT_COLOR = readableTextColors.gray;
// Filled red (white text, chosen by autoContrast): red-6 gives 3.3:1, red-9 5.5:1.
export const DANGER_FILL_COLOR = '#c92a2a';

function readableColorVariables(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, color] of Object.entries(readableTextColors)) {
    variables[`--mantine-color-${name}-text`] = color;
    variables[`--mantine-color-${name}-outline`] = color;
    variables[`--mantine-color-${name}-light-color`] = color;
  }
  return variables;
}

// A white label's theme names its readable text shade in other.accentTextColor (brand-theme.ts).
function brandTextVariables(accentText: unknown): Record<string, string> {
  if (typeof accentText !== 'string') return {};
  return {
    '--mantine-color-brand-text': accentText,
    '--mantine-color-brand-outline': accentText,
    '--mantine-color-brand-light-color': accentText,
  };
}

// The dark look keeps the same bars on Mantine's dark body (#242424) and its dark-6 surfaces: dimmed
// text 6.3:1 (Mantine's dark-2 is 4.0:1), error text and links 6.4:1 and 8.9:1, white on the danger
// fill 5.5:1 (red-8 gives 4.4:1).
export const DARK_DIMMED_TEXT_COLOR = '#a6a6a6';
export const DARK_ERROR_TEXT_COLOR = '#ff8787';

export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    // The page behind the cards and grids.
    '--portico-color-page': 'var(--mantine-color-gray-0)',
    ...readableColorVariables(),
    ...brandTextVariables(current.other.accentTextColor),
    '--mantine-color-dimmed': DIMMED_TEXT_COLOR,
    '--mantine-color-anchor':
      typeof current.other.accentTextColor === 'string'
        ? current.other.accentTextColor
        : readableTextColors.orange,
    '--mantine-color-error': readableTextColors.red,
    '--mantine-color-red-filled': DANGER_FILL_COLOR,
  },
  dark: {
    '--portico-color-page': 'var(--mantine-color-dark-8)',
    '--mantine-color-dimmed': DARK_DIMMED_TEXT_COLOR,
    '--mantine-color-anchor':
      typeof current.other.accentTextColor === 'string' ? 'var(--mantine-color-brand-4)' : accentShades[4],
    '--mantine-color-error': DARK_ERROR_TEXT_COLOR,
    '--mantine-color-red-filled': DANGER_FILL_COLOR,
  },
});

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 6,
  colors: { orange: accentShades },
  // White on #f6951e is 2.3:1; auto contrast puts dark text on light fills (9.2:1 here).
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Plain objects rather than Badge.extend(...): the theme loads with /login, and extend would bring
  // the Badge and Notification components into that first load.
  components: {
    // A Badge given no variant skips the colour resolver and writes white on the accent (2.3:1):
    // naming the default variant lets auto contrast choose its text.
    Badge: { defaultProps: { variant: 'filled' } satisfies Partial<BadgeProps> },
    // Toasts: the close button is an icon, so it needs its name.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<NotificationProps>,
    },
  },
});
