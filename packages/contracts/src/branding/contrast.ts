// WCAG 2.x contrast: relative luminance of sRGB colours and the ratio between two of them.

export type Rgb = { r: number; g: number; b: number };

const hexColorPattern = /^#([0-9a-f]{6})$/i;

// '#1f6f68' → {r,g,b} 0-255; anything else (short forms, names, rgb()) → null.
export function parseHexColor(value: string): Rgb | null {
  const match = hexColorPattern.exec(value.trim());
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff };
}

export function formatHexColor({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function channelLuminance(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * channelLuminance(r) + 0.7152 * channelLuminance(g) + 0.0722 * channelLuminance(b);
}

// (lighter + 0.05) / (darker + 0.05): 1 for the same colour, 21 for black on white.
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };

// AA for normal-size text.
export const AA_TEXT_CONTRAST = 4.5;

// A portal accent is written as text and links on white and carries white text as a fill, so it must
// reach AA text contrast against white.
export function isAccentReadableOnWhite(color: string): boolean {
  const rgb = parseHexColor(color);
  return rgb !== null && contrastRatio(rgb, WHITE) >= AA_TEXT_CONTRAST;
}

// Mixes a colour towards another (weight 0: unchanged, 1: the other).
export function mixColors(from: Rgb, to: Rgb, weight: number): Rgb {
  return {
    r: from.r + (to.r - from.r) * weight,
    g: from.g + (to.g - from.g) * weight,
    b: from.b + (to.b - from.b) * weight,
  };
}
