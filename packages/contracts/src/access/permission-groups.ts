import type { PermissionName } from './permission-names';

// Configure Roles shows the permissions in groups people think in, each with one line saying what it
// allows. Every permission is in exactly one group (held by a unit test).
export type PermissionGroup = { title: string; permissions: readonly PermissionName[] };

export const permissionGroups: readonly PermissionGroup[] = [
  {
    title: 'Reports and money',
    permissions: ['Reports', 'Reports - Advanced Fields', 'Payouts', 'Documents', 'Disputes'],
  },
  {
    title: 'Taking payments',
    permissions: [
      'Charge',
      'Auth',
      'Capture',
      'Swipe',
      'Cash',
      'Debit (ACH Charge)',
      'Transaction Apple Pay',
      'Google Pay',
      'Omit CC Zip',
    ],
  },
  {
    title: 'Voids and refunds',
    permissions: [
      'Void',
      'Void Card',
      'Void ACH',
      'Refund',
      'Refund Card',
      'Refund ACH',
      'Credit (ACH Refund)',
    ],
  },
  {
    title: 'Payment tools',
    permissions: [
      'Virtual Terminal',
      'Virtual Terminal Configuration',
      'Payment Pages',
      'Recurring Charges',
      'Vault',
      'Terminals',
      'Terminal Admin',
    ],
  },
  {
    title: 'Administration',
    permissions: ['Users', 'Permissions', 'Merchant Accounts', 'Developers'],
  },
];

export const permissionDescriptions: Readonly<Record<PermissionName, string>> = {
  Reports: 'See the transaction report and search, and the dashboard.',
  'Reports - Advanced Fields': 'See fees, processor fields and other advanced details of a transaction.',
  Payouts: 'See payouts, settlement groups and statements.',
  Documents: 'Upload and read the merchant’s documents.',
  Disputes: 'See chargebacks and answer them with evidence.',
  Charge: 'Charge a card.',
  Auth: 'Authorize a card without capturing the amount.',
  Capture: 'Capture an authorized amount.',
  Swipe: 'Take a card by swipe or dip on a reader.',
  Cash: 'Record a cash sale.',
  'Debit (ACH Charge)': 'Debit a bank account.',
  'Transaction Apple Pay': 'Take Apple Pay.',
  'Google Pay': 'Take Google Pay.',
  'Omit CC Zip': 'Charge a card without asking for its ZIP code.',
  Void: 'Void a payment on the day it was made.',
  'Void Card': 'Void card payments (with Void).',
  'Void ACH': 'Void bank payments (with Void).',
  Refund: 'Refund from the charge side of a payment tool.',
  'Refund Card': 'Refund card payments from the report.',
  'Refund ACH': 'Refund bank payments from the report.',
  'Credit (ACH Refund)': 'Send money back to a bank account.',
  'Virtual Terminal': 'Take payments in the virtual terminal.',
  'Virtual Terminal Configuration': 'Set up virtual terminals and their fields.',
  'Payment Pages': 'Make payment links and pages.',
  'Recurring Charges': 'See and change recurring charge series.',
  Vault: 'See and edit saved customers and their payment methods.',
  Terminals: 'See the merchant’s terminals.',
  'Terminal Admin': 'Add, link and remove terminals.',
  Users: 'Add and remove the merchant’s users.',
  Permissions: 'Configure roles and give them to users.',
  'Merchant Accounts': 'See the merchant’s accounts.',
  Developers: 'Manage webhook endpoints and read their delivery log.',
};
