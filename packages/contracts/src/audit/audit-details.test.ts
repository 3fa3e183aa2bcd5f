import { describe, expect, it } from 'vitest';
import { keyInWords } from '../common/words';
import { auditDetailsInWords, idsInAuditDetails } from './audit-details';

const roleId = '7c30b57a-9abf-49ea-a9cf-75a5ae1006df';
const locationId = 'F019FC25-F119-4DBA-A137-A96029C605B1';
const names = new Map([
  [roleId, 'Cashier'],
  [locationId.toLowerCase(), 'Pearl District'],
]);
const nameOf = (id: string) => names.get(id);

describe('audit details in words', () => {
  it('reads keys as words', () => {
    expect(keyInWords('role_id')).toBe('Role');
    expect(keyInWords('locationIds')).toBe('Locations');
    expect(keyInWords('grace_days')).toBe('Grace days');
    expect(keyInWords('method')).toBe('Method');
  });

  it('names ids, reads codes and flags as words, and keeps plain values', () => {
    expect(
      auditDetailsInWords(
        {
          role_id: roleId,
          location_ids: [locationId],
          method: 'email_link',
          is_sandbox: true,
          ended: 2,
          note: 'Checked with the merchant',
        },
        nameOf,
      ),
    ).toBe(
      'Role: Cashier · Locations: Pearl District · Method: email link · Is sandbox: Yes · Ended: 2 · Note: Checked with the merchant',
    );
  });

  it('never shows an id it cannot name', () => {
    const text = auditDetailsInWords({ previous_role_id: '00000000-0000-4000-8000-000000000009' }, nameOf);
    expect(text).toBe('Previous role: a record no longer there');
  });

  it('reads nested details one level down and empty values as none', () => {
    expect(auditDetailsInWords({ changed: { dba_name: 'New Name', website: null } }, nameOf)).toBe(
      'Changed: (Dba name: New Name · Website: none)',
    );
    expect(auditDetailsInWords(null, nameOf)).toBe('');
  });

  it('finds every id for one lookup', () => {
    expect(idsInAuditDetails({ a: roleId, b: [locationId], c: { d: roleId }, e: 'text' })).toEqual([
      roleId,
      locationId.toLowerCase(),
      roleId,
    ]);
  });
});
