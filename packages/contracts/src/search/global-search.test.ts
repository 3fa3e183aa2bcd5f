import { describe, expect, it } from 'vitest';
import { globalSearchKindsFor, globalSearchQuery, globalSearchTermsOf } from './global-search';
import { GlobalSearchText } from './global-search-text';

describe('globalSearchQuery', () => {
  it('trims, and refuses empty and over-long text in words', () => {
    expect(globalSearchQuery.parse({ q: '  harbor ' })).toEqual({ q: 'harbor' });
    expect(globalSearchQuery.safeParse({ q: '   ' }).error?.issues[0]?.message).toBe(GlobalSearchText.Empty);
    expect(globalSearchQuery.safeParse({ q: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      GlobalSearchText.TooLong,
    );
    expect(globalSearchQuery.safeParse({ q: 'x'.repeat(100) }).success).toBe(true);
  });
});

describe('globalSearchTermsOf', () => {
  it('reads the last 4 with an amount, an amount alone, four digits and a whole id', () => {
    expect(globalSearchTermsOf('1117 24.50')).toMatchObject({ last4: '1117', amountCents: 2450 });
    expect(globalSearchTermsOf('1117 $24.5')).toMatchObject({ last4: '1117', amountCents: 2450 });
    expect(globalSearchTermsOf('$1,000')).toMatchObject({ last4: null, amountCents: null });
    expect(globalSearchTermsOf('777.31')).toMatchObject({ last4: null, amountCents: 77731 });
    expect(globalSearchTermsOf('4242')).toMatchObject({ isFourDigits: true, amountCents: 424200 });
    expect(globalSearchTermsOf('4F3C2B1A-1111-4222-8333-944455556666').uuid).toBe(
      '4f3c2b1a-1111-4222-8333-944455556666',
    );
    expect(globalSearchTermsOf('Harbor Lane')).toMatchObject({
      lowered: 'harbor lane',
      uuid: null,
      last4: null,
    });
  });
});

describe('globalSearchKindsFor', () => {
  it("gives each role the kinds its pages show, and an auditor only the audit menu's", () => {
    expect(globalSearchKindsFor({ actingRole: 'admin', isProcessorAuditUser: false })).toEqual([
      'merchants',
      'transactions',
      'customers',
      'users',
      'enrollments',
      'payouts',
    ]);
    expect(globalSearchKindsFor({ actingRole: 'admin', isProcessorAuditUser: true })).toEqual([
      'merchants',
      'transactions',
    ]);
    expect(globalSearchKindsFor({ actingRole: 'parent', isProcessorAuditUser: false })).toEqual([
      'merchants',
      'transactions',
      'customers',
      'users',
      'payouts',
    ]);
    expect(globalSearchKindsFor({ actingRole: 'healnow', isProcessorAuditUser: false })).toEqual([
      'merchants',
      'users',
      'enrollments',
    ]);
    expect(globalSearchKindsFor({ actingRole: 'alpha', isProcessorAuditUser: false })).toEqual([]);
  });
});
