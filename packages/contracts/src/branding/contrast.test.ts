import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  formatHexColor,
  isAccentReadableOnWhite,
  mixColors,
  parseHexColor,
  relativeLuminance,
  WHITE,
} from './contrast';

const black = { r: 0, g: 0, b: 0 };

describe('contrast', () => {
  it('reads six-digit hex colours only', () => {
    expect(parseHexColor('#1F6F68')).toEqual({ r: 0x1f, g: 0x6f, b: 0x68 });
    expect(parseHexColor('#fff')).toBeNull();
    expect(parseHexColor('teal')).toBeNull();
    expect(parseHexColor('#12345g')).toBeNull();
  });

  it('gives the WCAG luminance of the extremes', () => {
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 6);
    expect(relativeLuminance(black)).toBe(0);
  });

  it('measures 21:1 for black on white and 1:1 for a colour on itself, either order', () => {
    expect(contrastRatio(black, WHITE)).toBeCloseTo(21, 6);
    expect(contrastRatio(WHITE, black)).toBeCloseTo(21, 6);
    const teal = parseHexColor('#2a9d8f');
    if (!teal) throw new Error('unparsed');
    expect(contrastRatio(teal, teal)).toBe(1);
  });

  it('matches published ratios: #767676 on white is 4.54, #777777 is 4.48', () => {
    const g76 = parseHexColor('#767676');
    const g77 = parseHexColor('#777777');
    if (!g76 || !g77) throw new Error('unparsed');
    expect(contrastRatio(g76, WHITE)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(g77, WHITE)).toBeCloseTo(4.48, 2);
  });

  it('accepts an accent only at 4.5:1 or more on white', () => {
    expect(isAccentReadableOnWhite('#767676')).toBe(true);
    expect(isAccentReadableOnWhite('#777777')).toBe(false);
    // Portico's own orange and a light teal are too pale to carry text.
    expect(isAccentReadableOnWhite('#f6951e')).toBe(false);
    expect(isAccentReadableOnWhite('#2a9d8f')).toBe(false);
    expect(isAccentReadableOnWhite('#1f6f68')).toBe(true);
    expect(isAccentReadableOnWhite('not a colour')).toBe(false);
  });

  it('mixes towards another colour and writes hex back', () => {
    expect(formatHexColor(mixColors(black, WHITE, 0.5))).toBe('#808080');
    expect(formatHexColor(mixColors(black, WHITE, 0))).toBe('#000000');
  });
});
