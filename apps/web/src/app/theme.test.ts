import { describe, expect, it } from 'vitest';
import { ACCENT_COLOR, accentShades, theme } from './theme';

describe('theme', () => {
  it('makes the spec accent the primary orange shade', () => {
    expect(ACCENT_COLOR).toBe('#f6951e');
    expect(theme.primaryColor).toBe('orange');
    expect(accentShades).toHaveLength(10);
    expect(theme.primaryShade).toBe(6);
    expect(accentShades[6]).toBe(ACCENT_COLOR);
  });

  it('runs from light to dark', () => {
    const lightness = accentShades.map((hex) => {
      const value = Number.parseInt(hex.slice(1), 16);
      return ((value >> 16) & 255) + ((value >> 8) & 255) + (value & 255);
    });
    const sorted = [...lightness].sort((a, b) => b - a);
    expect(lightness).toEqual(sorted);
  });
});
