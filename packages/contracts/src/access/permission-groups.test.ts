import { describe, expect, it } from 'vitest';
import { permissionDescriptions, permissionGroups } from './permission-groups';
import { permissionNames } from './permission-names';

describe('permission groups', () => {
  it('put every permission in exactly one group', () => {
    const grouped = permissionGroups.flatMap((group) => group.permissions);
    expect([...grouped].sort()).toEqual([...permissionNames].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('describe every permission in one line', () => {
    for (const name of permissionNames) {
      expect(permissionDescriptions[name]).toMatch(/^[A-Z].+\.$/);
    }
  });
});
