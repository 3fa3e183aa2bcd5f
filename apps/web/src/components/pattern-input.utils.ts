// A pattern input ignores typing that fails its pattern. The whole new value is tested,
// so the pattern describes every acceptable partial value (e.g. /^\d*\.?\d{0,2}$/ for 2 decimals).
// Clearing the field is always allowed.
export function acceptsPatternInput(pattern: RegExp | undefined, nextValue: string): boolean {
  if (!pattern || nextValue === '') return true;
  // A global or sticky pattern keeps lastIndex between calls; a fresh copy never does.
  return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(nextValue);
}
