import {
  AA_TEXT_CONTRAST,
  contrastRatio,
  formatHexColor,
  mixColors,
  parseHexColor,
  type Rgb,
  WHITE,
} from '@portico/contracts/branding/contrast';

// The lightest surface text sits on in the dark look (Mantine's dark-6; the body is darker still).
const DARK_SURFACE: Rgb = { r: 0x2e, g: 0x2e, b: 0x2e };

// A white label's colour as text in either look. The colour reads on white (the server refuses any
// other), so the light look keeps it; the dark look lifts it towards white, in 5% steps, until it
// reads at 4.5:1 on the dark surfaces. A CSS colour that follows the page's look (light-dark()).
export function brandTextColor(color: string): string {
  const base = parseHexColor(color);
  if (!base) return color;
  for (let step = 0; step <= 20; step++) {
    const lifted = mixColors(base, WHITE, step / 20);
    if (contrastRatio(lifted, DARK_SURFACE) >= AA_TEXT_CONTRAST) {
      return `light-dark(${color}, ${formatHexColor(lifted)})`;
    }
  }
  return `light-dark(${color}, #ffffff)`;
}
