import { createTheme, type MantineColorsTuple } from '@mantine/core';

export const ACCENT_COLOR = '#f6951e';

// The accent sits at shade 6 (Mantine's primary shade); lighter shades mix it with white,
// darker ones with black, so every variant stays on-brand.
export const accentShades: MantineColorsTuple = [
  '#fef7ed',
  '#fdecd7',
  '#fcdbb3',
  '#fbca8f',
  '#f9b96b',
  '#f8a744',
  ACCENT_COLOR,
  '#dd861b',
  '#c57718',
  '#ac6815',
];

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 6,
  colors: { orange: accentShades },
  // White on #f6951e fails WCAG contrast; auto contrast puts dark text on light fills.
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
});
