import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The dark palette of payment-frame.css meets WCAG 2.2 AA: text 4.5:1 on its background (1.4.3), input
// and method borders, the selected method's border and the focus ring 3:1 against what is next to them
// (1.4.11). The ratio is WCAG's: (lighter + 0.05) / (darker + 0.05) of the relative luminances.

const css = readFileSync(join(import.meta.dirname, 'payment-frame.css'), 'utf8');

function variablesOf(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in payment-frame.css`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value]),
  );
}

function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(full.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

const dark = variablesOf(':root[data-color-scheme="dark"]');
const colour = (name: string): string => {
  const value = dark[name];
  if (value === undefined || !/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value)) {
    throw new Error(`the dark palette has no plain colour for ${name}`);
  }
  return value;
};

// [foreground, background]: where each colour is drawn on which.
const textPairs = [
  ['--page-text', '--page-bg'],
  ['--page-text', '--surface-bg'],
  ['--page-text', '--input-bg'],
  ['--muted-text', '--page-bg'],
  ['--muted-text', '--surface-bg'],
  ['--required-mark', '--page-bg'],
  ['--link-text', '--page-bg'],
  ['--method-text', '--method-bg'],
  ['--method-selected-text', '--method-selected-bg'],
  ['--pay-text', '--pay-bg'],
  ['--pay-hover-text', '--pay-hover-bg'],
  ['--error-text', '--error-bg'],
  ['--success-text', '--success-bg'],
] as const;
const boundaryPairs = [
  ['--input-border', '--input-bg'],
  ['--input-border', '--page-bg'],
  ['--input-border', '--surface-bg'],
  ['--method-border', '--method-bg'],
  ['--method-border', '--page-bg'],
  ['--method-border', '--surface-bg'],
  ['--method-selected-border', '--method-selected-bg'],
  ['--method-selected-border', '--page-bg'],
  ['--focus-border', '--page-bg'],
  ['--focus-border', '--input-bg'],
  ['--focus-border', '--surface-bg'],
] as const;

describe('the dark palette of the payment frame', () => {
  it('knows the ratio of a known pair', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
  });

  it.each(textPairs)('writes %s on %s at 4.5:1 or more', (text, background) => {
    expect(contrastRatio(colour(text), colour(background))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(boundaryPairs)('draws %s against %s at 3:1 or more', (border, background) => {
    expect(contrastRatio(colour(border), colour(background))).toBeGreaterThanOrEqual(3);
  });

  it('asks native controls and scrollbars for their dark look too', () => {
    const start = css.indexOf(':root[data-color-scheme="dark"] {');
    expect(css.slice(start, css.indexOf('}', start))).toMatch(/color-scheme:\s*dark;/);
  });
});
