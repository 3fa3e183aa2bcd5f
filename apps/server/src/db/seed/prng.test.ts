import { describe, expect, it } from 'vitest';
import { createRng, seedFromLabel } from './prng';

describe('createRng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const drawsA = Array.from({ length: 5 }, () => [a.next(), a.uuid(), a.code(6)]);
    const drawsB = Array.from({ length: 5 }, () => [b.next(), b.uuid(), b.code(6)]);
    expect(drawsA).toEqual(drawsB);
  });

  it('differs between seeds', () => {
    expect(createRng(1).uuid()).not.toBe(createRng(2).uuid());
  });

  it('makes version 4 UUIDs with the RFC variant', () => {
    const rng = createRng(7);
    for (let i = 0; i < 200; i++) {
      expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('keeps between() inside its bounds, both ends reachable', () => {
    const rng = createRng(3);
    const seen = new Set(Array.from({ length: 500 }, () => rng.between(2, 5)));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it('refuses to pick from an empty list', () => {
    expect(() => createRng(1).pick([])).toThrow('empty');
  });
});

describe('seedFromLabel', () => {
  it('is stable and label-specific', () => {
    expect(seedFromLabel('clients')).toBe(seedFromLabel('clients'));
    expect(seedFromLabel('clients')).not.toBe(seedFromLabel('users'));
  });
});
