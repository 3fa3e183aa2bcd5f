import { describe, expect, it } from 'vitest';
import { type PermissionName, permissionNames } from '../access/permission-names';
import { transactionTypes } from './transaction-enums';
import {
  canRefundTransaction,
  canVoidTransaction,
  isTransactionVoidable,
  type MerchantPermissionGrants,
  permissionsRequiredToRefund,
  permissionsRequiredToVoid,
  refundOpensAfterVoidWindow,
  refundRefusalReason,
  type VoidRefundCandidate,
  voidRefusalReason,
} from './void-refund-eligibility';

// Noon Eastern (EDT) on Tuesday 15 July 2025.
const now = new Date('2025-07-15T16:00:00.000Z');
const earlierToday = new Date('2025-07-15T13:00:00.000Z');
const fiveDaysAgo = new Date('2025-07-10T13:00:00.000Z');

const candidate = (overrides: Partial<VoidRefundCandidate> = {}): VoidRefundCandidate => ({
  type: 'charge',
  paymentStatus: true,
  requestStatus: true,
  createdAt: earlierToday,
  ...overrides,
});

const granted = (...names: PermissionName[]): MerchantPermissionGrants => ({
  hasMerchantLevelPermissions: true,
  granted: new Set(names),
});
const everything = granted(...permissionNames);
const unrestricted: MerchantPermissionGrants = { hasMerchantLevelPermissions: false };
const nothing = granted();

describe('"only when its payment status is not false, its request_status is true, and its type is not already void, refund, ach_refund, credit, blind_refund or reversal"', () => {
  it.each([
    ['payment_status false', { paymentStatus: false }, 'payment_failed'],
    ["payment_status 'false'", { paymentStatus: 'false' }, 'payment_failed'],
    ['request_status false', { requestStatus: false }, 'request_failed'],
    ['type void', { type: 'void' }, 'already_an_undo'],
    ['type refund', { type: 'refund' }, 'already_an_undo'],
    ['type ach_refund', { type: 'ach_refund' }, 'already_an_undo'],
    ['type credit', { type: 'credit' }, 'already_an_undo'],
    ['type blind_refund', { type: 'blind_refund' }, 'already_an_undo'],
    ['type reversal', { type: 'reversal' }, 'already_an_undo'],
    ['type batch (a batch-close record)', { type: 'batch' }, 'not_a_payment'],
  ] as const)('%s: neither void today nor refund later', (_label, overrides, reason) => {
    const today = candidate(overrides);
    const older = candidate({ ...overrides, createdAt: fiveDaysAgo });
    expect(voidRefusalReason(today, now, everything)).toBe(reason);
    expect(canVoidTransaction(today, now, everything)).toBe(false);
    expect(refundRefusalReason(older, now, everything)).toBe(reason);
    expect(canRefundTransaction(older, now, everything)).toBe(false);
    expect(canRefundTransaction(older, now, unrestricted)).toBe(false);
  });

  it.each([true, 'true', null])('payment_status %s passes ("not false")', (paymentStatus) => {
    expect(canVoidTransaction(candidate({ paymentStatus }), now, everything)).toBe(true);
    expect(canRefundTransaction(candidate({ paymentStatus, createdAt: fiveDaysAgo }), now, everything)).toBe(
      true,
    );
  });

  it.each([
    'cc',
    'card',
    'terminal',
    'charge',
    'authorize',
    'terminal_charge',
    'debit',
    'ach',
    'cash',
  ] as const)('a %s payment can be voided the same day and refunded later', (type) => {
    expect(canVoidTransaction(candidate({ type }), now, everything)).toBe(true);
    expect(canRefundTransaction(candidate({ type, createdAt: fiveDaysAgo }), now, everything)).toBe(true);
  });

  it('covers every transaction type', () => {
    const undoable = transactionTypes.filter((type) => isTransactionVoidable(candidate({ type }), now));
    expect(undoable).toEqual([
      'cc',
      'card',
      'terminal',
      'charge',
      'authorize',
      'terminal_charge',
      'debit',
      'ach',
      'cash',
    ]);
  });
});

describe('void window: "the same Eastern-time calendar day as now"; "After that day ends, refund applies instead"', () => {
  it.each([
    // [case, created at, now, voidable]
    [
      'summer: 00:00:00 EDT, now 23:59:59.999 EDT',
      '2025-07-15T04:00:00.000Z',
      '2025-07-16T03:59:59.999Z',
      true,
    ],
    [
      'summer: 23:59:59.999 EDT, now 00:00 EDT next day',
      '2025-07-16T03:59:59.999Z',
      '2025-07-16T04:00:00.000Z',
      false,
    ],
    ['winter: 00:00 EST, now 23:59:59.999 EST', '2025-01-15T05:00:00.000Z', '2025-01-16T04:59:59.999Z', true],
    [
      'winter: 23:59 EST, now 00:00 EST next day',
      '2025-01-16T04:59:00.000Z',
      '2025-01-16T05:00:00.000Z',
      false,
    ],
    // Same UTC date, different Eastern days: 23:30 EST on the 14th and 00:30 EST on the 15th.
    [
      'winter: same UTC day, across Eastern midnight',
      '2025-01-15T04:30:00.000Z',
      '2025-01-15T05:30:00.000Z',
      false,
    ],
    // Different UTC dates, one Eastern day: 19:00 and 21:00 EDT.
    [
      'summer: across UTC midnight within one Eastern day',
      '2025-07-15T23:00:00.000Z',
      '2025-07-16T01:00:00.000Z',
      true,
    ],
    // Spring forward on Sunday 9 March 2025: 00:30 EST and 23:30 EDT are the same day.
    [
      'spring forward: 00:30 EST, now 23:30 EDT',
      '2025-03-09T05:30:00.000Z',
      '2025-03-10T03:30:00.000Z',
      true,
    ],
    // 23:00 EDT on the 9th and 00:30 EDT on the 10th: a fixed -5 would put both on the 9th.
    [
      'spring forward: 23:00 EDT, now 00:30 EDT next day',
      '2025-03-10T03:00:00.000Z',
      '2025-03-10T04:30:00.000Z',
      false,
    ],
    [
      'spring forward: 01:59 EST, now 03:00 EDT',
      '2025-03-09T06:59:00.000Z',
      '2025-03-09T07:00:00.000Z',
      true,
    ],
    // Fall back on Sunday 2 November 2025: 00:30 EDT and 23:30 EST are the same day; a fixed -4 would
    // put "now" on the 3rd.
    ['fall back: 00:30 EDT, now 23:30 EST', '2025-11-02T04:30:00.000Z', '2025-11-03T04:30:00.000Z', true],
    [
      'fall back: 01:30 EDT, now 01:30 EST (the hour repeats)',
      '2025-11-02T05:30:00.000Z',
      '2025-11-02T06:30:00.000Z',
      true,
    ],
    // 23:30 EDT on the 1st and 00:30 EDT on the 2nd: a fixed -5 would put both on the 1st.
    [
      'fall back: 23:30 EDT the day before, now 00:30 EDT',
      '2025-11-02T03:30:00.000Z',
      '2025-11-02T04:30:00.000Z',
      false,
    ],
    [
      'a transaction dated a little after now, same day',
      '2025-07-15T16:05:00.000Z',
      '2025-07-15T16:00:00.000Z',
      true,
    ],
    ['yesterday at noon', '2025-07-14T16:00:00.000Z', '2025-07-15T16:00:00.000Z', false],
  ])('%s: voidable %s', (_label, createdAt, nowIso, voidable) => {
    const transaction = candidate({ createdAt: new Date(createdAt) });
    const at = new Date(nowIso);
    expect(isTransactionVoidable(transaction, at)).toBe(voidable);
    expect(canVoidTransaction(transaction, at, everything)).toBe(voidable);
    expect(voidRefusalReason(transaction, at, everything)).toBe(voidable ? null : 'void_window_passed');
    // "Refund is shown only when the transaction is not voidable."
    expect(canRefundTransaction(transaction, at, everything)).toBe(!voidable);
    expect(refundRefusalReason(transaction, at, everything)).toBe(voidable ? 'still_voidable' : null);
  });

  it('a same-day transaction is not refundable even for a user who may refund but not void', () => {
    const grants = granted('Refund', 'Refund Card', 'Refund ACH');
    expect(canVoidTransaction(candidate(), now, grants)).toBe(false);
    expect(refundRefusalReason(candidate(), now, grants)).toBe('still_voidable');
  });
});

describe('when Refund becomes available', () => {
  it('is said of a same-day payment the caller could refund once its day has closed', () => {
    expect(refundOpensAfterVoidWindow(candidate(), now, everything)).toBe(true);
    expect(refundOpensAfterVoidWindow(candidate(), now, unrestricted)).toBe(true);
    expect(refundOpensAfterVoidWindow(candidate(), now, granted('Refund Card'))).toBe(true);
  });

  it('is not said when Refund is offered already, can never be, or the caller may not refund', () => {
    expect(refundOpensAfterVoidWindow(candidate({ createdAt: fiveDaysAgo }), now, everything)).toBe(false);
    expect(refundOpensAfterVoidWindow(candidate({ paymentStatus: false }), now, everything)).toBe(false);
    expect(refundOpensAfterVoidWindow(candidate({ isDisputed: true }), now, everything)).toBe(false);
    expect(refundOpensAfterVoidWindow(candidate(), now, nothing)).toBe(false);
    expect(refundOpensAfterVoidWindow(candidate({ type: 'debit' }), now, granted('Refund Card'))).toBe(false);
  });
});

describe('"Void needs the void permission, with card or ACH void rights on that merchant according to type. Cash follows the card rights."', () => {
  it.each([
    ['charge', ['Void', 'Void Card'], true],
    ['charge', ['Void Card'], false],
    ['charge', ['Void'], false],
    ['charge', ['Void', 'Void ACH'], false],
    ['terminal_charge', ['Void', 'Void Card'], true],
    ['ach', ['Void', 'Void ACH'], true],
    ['debit', ['Void', 'Void ACH'], true],
    ['ach', ['Void', 'Void Card'], false],
    ['ach', ['Void ACH'], false],
    ['cash', ['Void', 'Void Card'], true],
    ['cash', ['Void', 'Void ACH'], false],
    // The Cash permission is the cash payment option, not a void right.
    ['cash', ['Void', 'Cash'], false],
  ] as const)('%s with %j: void %s', (type, names, allowed) => {
    const transaction = candidate({ type });
    expect(canVoidTransaction(transaction, now, granted(...names))).toBe(allowed);
    expect(voidRefusalReason(transaction, now, granted(...names))).toBe(
      allowed ? null : 'missing_permission',
    );
  });

  it('names the permissions a void of each rail needs', () => {
    expect(permissionsRequiredToVoid('cc')).toEqual(['Void', 'Void Card']);
    expect(permissionsRequiredToVoid('ach')).toEqual(['Void', 'Void ACH']);
    expect(permissionsRequiredToVoid('cash')).toEqual(['Void', 'Void Card']);
    expect(permissionsRequiredToVoid('refund')).toEqual([]);
  });

  it('a role that grants nothing cannot void', () => {
    expect(voidRefusalReason(candidate(), now, nothing)).toBe('missing_permission');
  });
});

describe('"It needs a refund permission on that merchant according to type."', () => {
  it.each([
    ['charge', ['Refund Card'], true],
    ['charge', ['Refund'], false],
    ['charge', ['Refund ACH'], false],
    ['cc', ['Refund Card'], true],
    ['ach', ['Refund ACH'], true],
    ['debit', ['Refund ACH'], true],
    ['ach', ['Refund Card'], false],
    ['ach', ['Credit (ACH Refund)'], false],
    ['cash', ['Refund Card'], true],
    ['cash', ['Refund ACH'], false],
    ['cash', ['Cash'], false],
  ] as const)('%s with %j: refund %s', (type, names, allowed) => {
    const transaction = candidate({ type, createdAt: fiveDaysAgo });
    expect(canRefundTransaction(transaction, now, granted(...names))).toBe(allowed);
    expect(refundRefusalReason(transaction, now, granted(...names))).toBe(
      allowed ? null : 'missing_permission',
    );
  });

  it('names the permission a refund of each rail needs', () => {
    expect(permissionsRequiredToRefund('charge')).toEqual(['Refund Card']);
    expect(permissionsRequiredToRefund('debit')).toEqual(['Refund ACH']);
    expect(permissionsRequiredToRefund('cash')).toEqual(['Refund Card']);
    expect(permissionsRequiredToRefund('batch')).toEqual([]);
  });

  it('a role that grants nothing cannot refund: an empty grant is not "no merchant-level permissions"', () => {
    expect(refundRefusalReason(candidate({ createdAt: fiveDaysAgo }), now, nothing)).toBe(
      'missing_permission',
    );
  });
});

describe('"If the merchant has no merchant-level permissions, refund is offered freely once the void window has passed."', () => {
  it.each([
    'charge',
    'ach',
    'cash',
  ] as const)('a %s is refundable without any grant after the void day', (type) => {
    expect(canRefundTransaction(candidate({ type, createdAt: fiveDaysAgo }), now, unrestricted)).toBe(true);
  });

  it('not before the void window has passed', () => {
    expect(refundRefusalReason(candidate(), now, unrestricted)).toBe('still_voidable');
  });

  it('voids pass too, since every permission check passes where the merchant does not use permissions', () => {
    expect(canVoidTransaction(candidate(), now, unrestricted)).toBe(true);
  });

  it('the other clauses still apply', () => {
    expect(
      refundRefusalReason(candidate({ createdAt: fiveDaysAgo, requestStatus: false }), now, unrestricted),
    ).toBe('request_failed');
  });
});
