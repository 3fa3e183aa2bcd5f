import { buildMembership, buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import { buildWireTransaction } from '@portico/contracts/transactions/transaction.factory';
import { describe, expect, it } from 'vitest';
import { reportAbilities, reportPermissionGrants } from './report-permissions.utils';
import {
  customerNameOf,
  grossAmountOf,
  netAmountOf,
  subjectOfReportRow,
  transactionActionsOf,
} from './transaction-view.utils';

// 15 July 2025, 09:00 and 23:30 Eastern (EDT, UTC-4).
const createdAt = '2025-07-15T13:00:00.000Z';
const sameEasternDay = new Date('2025-07-16T03:30:00.000Z');
const nextEasternDay = new Date('2025-07-16T04:30:00.000Z');

describe('transaction values', () => {
  it('reads gross and net with the contracts rules', () => {
    const charge = buildWireTransaction({ amount: '100.00', fee: '3.20', action_mode: 'charge' });
    expect(grossAmountOf(charge)).toBe('100.00');
    expect(netAmountOf(charge)).toBe('96.80');
    const refund = buildWireTransaction({
      amount: '40.00',
      fee: '0.00',
      type: 'refund',
      action_mode: 'refund',
    });
    expect(grossAmountOf(refund)).toBe('-40.00');
    expect(grossAmountOf(buildWireTransaction({ payment_status: false }))).toBe('0.00');
    expect(netAmountOf(buildWireTransaction({ fee: undefined }))).toBeNull();
  });

  it('names the customer and the merchant of a report row', () => {
    const transaction = buildWireTransaction();
    expect(customerNameOf(transaction)).toBe('Ada Lovelace');
    expect(subjectOfReportRow([createdAt, transaction, 'Harbor Lane', 'Summit'])).toEqual({
      transaction,
      merchantName: 'Harbor Lane',
      parentName: 'Summit',
    });
  });

  it('offers Void on the same Eastern day and Refund after it', () => {
    const transaction = buildWireTransaction({ created_at: createdAt });
    const everything = { hasMerchantLevelPermissions: false } as const;
    // Today Refund is not offered yet, and the detail says when it will be.
    expect(transactionActionsOf(transaction, sameEasternDay, everything)).toEqual({
      canVoid: true,
      canRefund: false,
      refundOpensLater: true,
    });
    expect(transactionActionsOf(transaction, nextEasternDay, everything)).toEqual({
      canVoid: false,
      canRefund: true,
      refundOpensLater: false,
    });
    const failed = buildWireTransaction({ created_at: createdAt, payment_status: 'false' });
    expect(transactionActionsOf(failed, nextEasternDay, everything)).toEqual({
      canVoid: false,
      canRefund: false,
      refundOpensLater: false,
    });
    // A disputed payment settles through its dispute: neither action, on its day or after.
    const disputed = buildWireTransaction({ created_at: createdAt, is_disputed: true });
    for (const now of [sameEasternDay, nextEasternDay]) {
      expect(transactionActionsOf(disputed, now, everything)).toEqual({
        canVoid: false,
        canRefund: false,
        refundOpensLater: false,
      });
    }
  });
});

describe('report permissions', () => {
  const user = buildSessionUser({ rbac_enabled: true });

  it('gives admin everything', () => {
    const grants = reportPermissionGrants({ actingRole: 'admin', permissions: null, user });
    expect(reportAbilities(grants)).toEqual({ canSeeAdvancedFields: true, canVoid: true, canRefund: true });
  });

  it('reads the loaded permissions of the current client', () => {
    const reportsOnly = reportPermissionGrants({ actingRole: 'user', permissions: ['Reports'], user });
    expect(reportAbilities(reportsOnly)).toEqual({
      canSeeAdvancedFields: false,
      canVoid: false,
      canRefund: false,
    });
    const cashier = reportPermissionGrants({
      actingRole: 'user',
      permissions: ['Reports', 'Reports - Advanced Fields', 'Void', 'Void ACH', 'Refund Card'],
      user,
    });
    expect(reportAbilities(cashier)).toEqual({ canSeeAdvancedFields: true, canVoid: true, canRefund: true });
    // Void Card without Void is no void right.
    const halfVoid = reportPermissionGrants({ actingRole: 'user', permissions: ['Void Card'], user });
    expect(reportAbilities(halfVoid).canVoid).toBe(false);
  });

  it('falls back to the memberships when no permissions were loaded', () => {
    const member = buildSessionUser({
      rbac_enabled: true,
      memberships: [buildMembership(sampleIds.merchantA, ['Refund ACH'])],
    });
    const grants = reportPermissionGrants({ actingRole: 'parent', permissions: null, user: member });
    expect(reportAbilities(grants)).toEqual({ canSeeAdvancedFields: false, canVoid: false, canRefund: true });
    const withoutRbac = reportPermissionGrants({
      actingRole: 'user',
      permissions: null,
      user: buildSessionUser({ rbac_enabled: false }),
    });
    expect(reportAbilities(withoutRbac).canVoid).toBe(true);
  });

  it('refuses a void the user has no right to, whatever the day', () => {
    const grants = reportPermissionGrants({ actingRole: 'user', permissions: ['Refund Card'], user });
    const transaction = buildWireTransaction({ created_at: createdAt });
    expect(transactionActionsOf(transaction, sameEasternDay, grants).canVoid).toBe(false);
    expect(transactionActionsOf(transaction, nextEasternDay, grants).canRefund).toBe(true);
  });
});
