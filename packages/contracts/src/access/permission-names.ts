import { z } from 'zod';

// The permission names, in the product's order and spelling: these strings are the primary keys
// of the permissions table and the names roles grant, so they are never reworded.
export const permissionNames = [
  'Documents',
  'Merchant Accounts',
  'Omit CC Zip',
  'Payment Pages',
  'Payouts',
  'Permissions',
  'Recurring Charges',
  'Reports',
  'Reports - Advanced Fields',
  'Terminal Admin',
  'Transaction Apple Pay',
  'Auth',
  'Capture',
  'Cash',
  'Charge',
  'Credit (ACH Refund)',
  'Debit (ACH Charge)',
  'Google Pay',
  'Refund',
  'Swipe',
  'Terminals',
  'Void',
  'Users',
  'Vault',
  'Virtual Terminal',
  'Virtual Terminal Configuration',
  'Void Card',
  'Void ACH',
  'Refund Card',
  'Refund ACH',
  // Portico's own, after the product's list: webhook endpoints and their delivery log; the merchant's
  // disputes and chargebacks.
  'Developers',
  'Disputes',
] as const;
export type PermissionName = (typeof permissionNames)[number];
export const permissionNameSchema = z.enum(permissionNames);

// The names code refers to. Each key is the product's permission constant in PascalCase where it names
// one (shown on the right); the value is always the permission name.
export const Permission = {
  Documents: 'Documents',
  MerchantAccounts: 'Merchant Accounts',
  // OMIT_CC_ZIP -> 'Omit CC Zip'
  OmitCcZip: 'Omit CC Zip',
  PaymentPages: 'Payment Pages',
  Payouts: 'Payouts',
  // The "permissions primitive" (Mimic, Key Entry, Enroll page, permissions page).
  Permissions: 'Permissions',
  RecurringCharges: 'Recurring Charges',
  Reports: 'Reports',
  // REPORTS_ADVANCED -> 'Reports - Advanced Fields'
  ReportsAdvanced: 'Reports - Advanced Fields',
  // TERMINAL_ADMIN -> 'Terminal Admin'
  TerminalAdmin: 'Terminal Admin',
  // apple_pay payment option (no constant named)
  TransactionApplePay: 'Transaction Apple Pay',
  TransactionAuth: 'Auth',
  TransactionCapture: 'Capture',
  // cash payment option
  TransactionCash: 'Cash',
  // TRANSACTION_CHARGE -> 'Charge' (the credit_card payment option)
  TransactionCharge: 'Charge',
  // TRANSACTION_CREDIT_ACH_REFUND -> 'Credit (ACH Refund)'
  TransactionCreditAchRefund: 'Credit (ACH Refund)',
  // DEBIT_ACH_CHARGE -> 'Debit (ACH Charge)' (the bank payment option)
  DebitAchCharge: 'Debit (ACH Charge)',
  // google_pay payment option
  TransactionGooglePay: 'Google Pay',
  // TRANSACTION_REFUND -> 'Refund'
  TransactionRefund: 'Refund',
  // SWIPE (newpos option) and TRANSACTION_SWIPE (swipe-only mode) -> 'Swipe': the names list one
  // swipe permission, so both constants are this one name.
  Swipe: 'Swipe',
  Terminals: 'Terminals',
  // TRANSACTION_VOID -> 'Void'
  TransactionVoid: 'Void',
  Users: 'Users',
  Vault: 'Vault',
  // VIRTUAL_TERMINAL -> 'Virtual Terminal'
  VirtualTerminal: 'Virtual Terminal',
  // VIRTUAL_TERMINAL_CONFIGURATION -> 'Virtual Terminal Configuration'
  VirtualTerminalConfiguration: 'Virtual Terminal Configuration',
  // VOID_CARD -> 'Void Card'
  VoidCard: 'Void Card',
  // VOID_ACH -> 'Void ACH'
  VoidAch: 'Void ACH',
  // REFUND_CARD -> 'Refund Card'
  RefundCard: 'Refund Card',
  // REFUND_ACH -> 'Refund ACH'
  RefundAch: 'Refund ACH',
  Developers: 'Developers',
  // Portico's own: see and answer the merchant's disputes and chargebacks.
  Disputes: 'Disputes',
} as const satisfies Record<string, PermissionName>;
export type PermissionKey = keyof typeof Permission;
