import { describe, expect, it } from 'vitest';
import { matchesSearch } from './text-search';

describe('matchesSearch', () => {
  const harbor = ['Harbor Lane Coffee', 'Harbor Lane Coffee LLC', null, '5814'];

  it('keeps every row for an empty search', () => {
    expect(matchesSearch('', harbor)).toBe(true);
    expect(matchesSearch('   ', harbor)).toBe(true);
  });

  it('finds every typed word, in any case, in any of the texts', () => {
    expect(matchesSearch('harbor COFFEE', harbor)).toBe(true);
    expect(matchesSearch('llc 5814', harbor)).toBe(true);
    expect(matchesSearch('harbor kettle', harbor)).toBe(false);
  });
});
