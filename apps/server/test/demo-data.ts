import type { DatabaseHandle } from '../src/db/client';
import { seedDemoData } from '../src/db/seed/seed-demo-data';

export const demoDomains = {
  providerDomain: 'portico.example',
  partnerDomains: ['healnow.example', 'healnow-partners.example'],
};

// The demo cast without transactions: users, memberships, roles and the client hierarchy.
export async function seedDemoAccounts(database: DatabaseHandle): Promise<void> {
  await seedDemoData(
    database,
    {
      transactions: 0,
      anchorDate: new Date('2025-06-15T08:30:00Z'),
      ...demoDomains,
      encrypt: (plaintext, column) => `test.${column}.${Buffer.from(plaintext).toString('base64')}`,
    },
    { info: () => {} },
  );
}

export const demo = {
  admin: 'admin@portico.example',
  audit: 'audit@portico.example',
  healnow: 'partner@healnow.example',
  reseller: 'reseller@summitms.example',
  agent: 'agent@blueriverpay.example',
  owner: 'owner@harborlanecoffee.example',
  barista: 'barista@harborlanecoffee.example',
  alpha: 'alpha@harborlanecoffee.example',
  copperOwner: 'owner@copperkettle.example',
  dental: 'frontdesk@harborviewdental.example',
} as const;
