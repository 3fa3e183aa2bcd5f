// Deterministic randomness for the demo seed: the same seed gives the same data on every run.

export type Rng = {
  // Uniform in [0, 1).
  next(): number;
  // Integer in [0, maxExclusive).
  int(maxExclusive: number): number;
  // Integer in [min, max].
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  // RFC 9562 version 4 layout, so strict UUID validators accept the seeded ids.
  uuid(): string;
  digits(count: number): string;
  // Lowercase letters and digits, for short codes.
  code(length: number): string;
};

// mulberry32: tiny, fast, and good enough for demo data (not for anything secret).
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const codeAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789';

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  const hex = (count: number) => Array.from({ length: count }, () => int(16).toString(16)).join('');
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    uuid: () => {
      const variant = '89ab'.charAt(int(4));
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
    },
    digits: (count) => Array.from({ length: count }, () => String(int(10))).join(''),
    code: (length) => Array.from({ length }, () => codeAlphabet.charAt(int(codeAlphabet.length))).join(''),
  };
}

// A stable 32-bit seed from a label, so each part of the seed draws from its own stream and adding
// data to one part does not shift every other part.
export function seedFromLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
