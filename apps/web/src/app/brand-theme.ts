import type { MantineColorsTuple, MantineThemeOverride } from '@mantine/core';
import {
  formatHexColor,
  mixColors,
  parseHexColor,
  type Rgb,
  WHITE,
} from '@portico/contracts/branding/contrast';
import type { Branding } from '@portico/contracts/branding/whitelabel';
import { theme as porticoTheme } from './theme';

const BLACK: Rgb = { r: 0, g: 0, b: 0 };

// The brand colour at shade 6 (Mantine's primary shade), tints of it towards white below, shades
// towards black above. The colour itself reads at 4.5:1 on white (the server refuses any other), so
// filled controls carry white text and the darker shades stay readable on the light tints.
export function brandShades(color: string): MantineColorsTuple | null {
  const base = parseHexColor(color);
  if (!base) return null;
  const tint = (weight: number) => formatHexColor(mixColors(base, WHITE, weight));
  const shade = (weight: number) => formatHexColor(mixColors(base, BLACK, weight));
  return [
    tint(0.94),
    tint(0.86),
    tint(0.72),
    tint(0.56),
    tint(0.38),
    tint(0.18),
    formatHexColor(base),
    shade(0.15),
    shade(0.3),
    shade(0.45),
  ];
}

// Portico's theme with the white label's colour as the primary colour; Portico's own when there is
// no branding or no colour.
export function brandThemeOf(branding: Branding | null): MantineThemeOverride {
  const shades = branding?.color ? brandShades(branding.color) : null;
  if (!shades) return porticoTheme;
  return {
    ...porticoTheme,
    primaryColor: 'brand',
    colors: { ...porticoTheme.colors, brand: shades },
    // Text, links and outlines in the brand: shade 8, darker than the colour itself, so they also
    // read on the light tints (the light variants' backgrounds).
    other: { ...porticoTheme.other, accentTextColor: shades[8] },
  };
}
