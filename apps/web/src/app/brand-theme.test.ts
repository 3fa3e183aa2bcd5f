import { AA_TEXT_CONTRAST, contrastRatio, parseHexColor, WHITE } from '@portico/contracts/branding/contrast';
import { describe, expect, it } from 'vitest';
import { brandShades, brandThemeOf } from './brand-theme';
import { theme } from './theme';

function rgb(hex: string | undefined) {
  const parsed = hex ? parseHexColor(hex) : null;
  if (!parsed) throw new Error(`not a colour: ${hex}`);
  return parsed;
}

describe('brand theme', () => {
  it('puts the brand colour at shade 6, lighter below and darker above', () => {
    const shades = brandShades('#1f6f68');
    expect(shades?.[6]).toBe('#1f6f68');
    const luminances = (shades ?? []).map((hex) => contrastRatio(rgb(hex), WHITE));
    for (let i = 1; i < luminances.length; i += 1)
      expect(luminances[i]).toBeGreaterThan(luminances[i - 1] ?? 0);
  });

  it('keeps text shades readable on the light tints for the palest colour the server accepts', () => {
    // #767676 is the lightest grey at 4.5:1 on white.
    const shades = brandShades('#767676');
    if (!shades) throw new Error('no shades');
    for (const background of [shades[0], shades[1], WHITE]) {
      const bg = typeof background === 'string' ? rgb(background) : background;
      expect(contrastRatio(rgb(shades[8]), bg)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    // White text on the filled colour.
    expect(contrastRatio(rgb(shades[6]), WHITE)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it("makes the brand the primary colour, and keeps Portico's theme without a colour", () => {
    const branded = brandThemeOf({
      client_id: 'x',
      entity_name: 'HealNow',
      color: '#1f6f68',
      logo_url: null,
    });
    expect(branded.primaryColor).toBe('brand');
    expect(branded.colors?.brand?.[6]).toBe('#1f6f68');
    expect(brandThemeOf(null)).toBe(theme);
    expect(brandThemeOf({ client_id: 'x', entity_name: 'HealNow', color: null, logo_url: null })).toBe(theme);
  });
});
