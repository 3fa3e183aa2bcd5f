import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  ACCENT_COLOR,
  accentShades,
  cssVariablesResolver,
  DANGER_FILL_COLOR,
  DIMMED_TEXT_COLOR,
  readableTextColors,
  theme,
} from './theme';

// WCAG 2.x contrast ratio of two colours.
function contrast(first: string, second: string): number {
  const [a, b] = [luminance(first), luminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const WCAG_AA_TEXT = 4.5;
const white = DEFAULT_THEME.white;
const black = DEFAULT_THEME.black;
// The page background behind cards (AppShell.Main bg="gray.0") and grid headers.
const pageGray = DEFAULT_THEME.colors.gray[0];

const colorNames = [
  'orange',
  'red',
  'green',
  'yellow',
  'blue',
  'gray',
] as const satisfies readonly (keyof typeof readableTextColors)[];

function shadesOf(name: keyof typeof readableTextColors) {
  return name === 'orange' ? accentShades : DEFAULT_THEME.colors[name];
}

describe('theme', () => {
  it('makes the product accent the primary orange shade', () => {
    expect(ACCENT_COLOR).toBe('#f6951e');
    expect(theme.primaryColor).toBe('orange');
    expect(accentShades).toHaveLength(10);
    expect(theme.primaryShade).toBe(6);
    expect(accentShades[6]).toBe(ACCENT_COLOR);
  });

  it('runs from light to dark', () => {
    const lightness = accentShades.map((hex) => luminance(hex));
    const sorted = [...lightness].sort((a, b) => b - a);
    expect(lightness).toEqual(sorted);
  });

  it('puts dark text on the accent, since white on #f6951e is below 4.5:1', () => {
    expect(contrast(white, ACCENT_COLOR)).toBeLessThan(WCAG_AA_TEXT);
    expect(theme.autoContrast).toBe(true);
    expect(contrast(black, ACCENT_COLOR)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
  });

  it('writes coloured text at 4.5:1 or more on white, the page grey and the light fills (shades 0 to 2)', () => {
    for (const name of colorNames) {
      const color = readableTextColors[name];
      const backgrounds = [white, pageGray, ...shadesOf(name).slice(0, name === 'blue' ? 2 : 3)];
      for (const background of backgrounds) {
        expect(contrast(color, background), `${name} ${color} on ${background}`).toBeGreaterThanOrEqual(
          WCAG_AA_TEXT,
        );
      }
    }
  });

  it('gives secondary text, links, errors and white on a red fill 4.5:1 or more', () => {
    expect(contrast(DIMMED_TEXT_COLOR, white)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrast(DIMMED_TEXT_COLOR, pageGray)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrast(white, DANGER_FILL_COLOR)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    // The grid's sort mark is orange-8 on the header grey.
    expect(contrast(accentShades[8], pageGray)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
  });

  it('wires those colours into the light scheme', () => {
    const { light } = cssVariablesResolver(DEFAULT_THEME);
    expect(light['--mantine-color-dimmed']).toBe(DIMMED_TEXT_COLOR);
    expect(light['--mantine-color-anchor']).toBe(readableTextColors.orange);
    expect(light['--mantine-color-orange-light-color']).toBe(readableTextColors.orange);
    expect(light['--mantine-color-orange-text']).toBe(readableTextColors.orange);
    expect(light['--mantine-color-red-filled']).toBe(DANGER_FILL_COLOR);
  });
});
