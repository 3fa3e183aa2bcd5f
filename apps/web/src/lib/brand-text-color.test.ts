import { contrastRatio, parseHexColor, WHITE } from '@portico/contracts/branding/contrast';
import { describe, expect, it } from 'vitest';
import { brandTextColor } from './brand-text-color';

function parts(value: string): [string, string] {
  const match = value.match(/^light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)$/i);
  if (!match?.[1] || !match[2]) throw new Error(`not a light-dark colour: ${value}`);
  return [match[1], match[2]];
}

const darkSurface = { r: 0x2e, g: 0x2e, b: 0x2e };
const darkBody = { r: 0x24, g: 0x24, b: 0x24 };

describe('brandTextColor', () => {
  it('keeps the colour in the light look and lifts it to 4.5:1 on the dark surfaces', () => {
    for (const color of ['#1f6f68', '#5b21b6', '#a35c0e', '#000000', '#1864ab']) {
      const [light, dark] = parts(brandTextColor(color));
      expect(light).toBe(color);
      const lifted = parseHexColor(dark);
      if (!lifted) throw new Error(dark);
      expect(contrastRatio(lifted, darkSurface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(lifted, darkBody)).toBeGreaterThanOrEqual(4.5);
      // Lifted no further than it needs: still a tint of the brand, not white.
      expect(contrastRatio(lifted, WHITE)).toBeGreaterThan(1.2);
    }
  });

  it('passes through what is not a hex colour', () => {
    expect(brandTextColor('teal')).toBe('teal');
  });
});
