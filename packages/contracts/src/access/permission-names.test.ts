import { describe, expect, it } from 'vitest';
import { Permission, permissionNameSchema, permissionNames } from './permission-names';

describe('permissionNames', () => {
  it("holds the product's 30 permission names and Portico's Developers and Disputes, each once", () => {
    expect(permissionNames).toHaveLength(32);
    expect(new Set(permissionNames).size).toBe(32);
  });

  it('starts and ends as the product lists them', () => {
    expect(permissionNames.slice(0, 3)).toEqual(['Documents', 'Merchant Accounts', 'Omit CC Zip']);
    expect(permissionNames.slice(-6, -2)).toEqual(['Void Card', 'Void ACH', 'Refund Card', 'Refund ACH']);
    expect(permissionNames.slice(-2)).toEqual(['Developers', 'Disputes']);
  });

  it.each(['reports', 'Reports Advanced', 'Void card', 'CC Zip', ''])('the schema refuses %j', (name) => {
    expect(permissionNameSchema.safeParse(name).success).toBe(false);
  });
});

describe('Permission constants', () => {
  it('name every permission exactly once', () => {
    const values = Object.values(Permission);
    expect(new Set(values).size).toBe(values.length);
    expect([...values].sort()).toEqual([...permissionNames].sort());
  });

  // Permission constant -> permission name.
  it.each([
    ['VIRTUAL_TERMINAL', Permission.VirtualTerminal, 'Virtual Terminal'],
    [
      'VIRTUAL_TERMINAL_CONFIGURATION',
      Permission.VirtualTerminalConfiguration,
      'Virtual Terminal Configuration',
    ],
    ['REPORTS_ADVANCED', Permission.ReportsAdvanced, 'Reports - Advanced Fields'],
    ['TRANSACTION_REFUND', Permission.TransactionRefund, 'Refund'],
    ['TRANSACTION_CREDIT_ACH_REFUND', Permission.TransactionCreditAchRefund, 'Credit (ACH Refund)'],
    ['TRANSACTION_VOID', Permission.TransactionVoid, 'Void'],
    ['VOID_CARD', Permission.VoidCard, 'Void Card'],
    ['VOID_ACH', Permission.VoidAch, 'Void ACH'],
    ['REFUND_CARD', Permission.RefundCard, 'Refund Card'],
    ['REFUND_ACH', Permission.RefundAch, 'Refund ACH'],
    ['TERMINAL_ADMIN', Permission.TerminalAdmin, 'Terminal Admin'],
    ['TRANSACTION_CHARGE', Permission.TransactionCharge, 'Charge'],
    ['DEBIT_ACH_CHARGE', Permission.DebitAchCharge, 'Debit (ACH Charge)'],
    ['SWIPE', Permission.Swipe, 'Swipe'],
    ['TRANSACTION_SWIPE', Permission.Swipe, 'Swipe'],
    ['OMIT_CC_ZIP', Permission.OmitCcZip, 'Omit CC Zip'],
  ])('%s is %j', (_constant, value, name) => {
    expect(value).toBe(name);
  });
});
