import type { DatabaseHandle } from '../src/db/client';
import { type SeedOptions, seedDemoData } from '../src/db/seed/seed-demo-data';
import { testFieldCipher } from './build-test-app';

export const demoDomains = {
  providerDomain: 'portico.example',
  partnerDomains: ['healnow.example', 'healnow-partners.example'],
};

// The demo cast without transactions: users, memberships, roles and the client hierarchy. sealing:
// the app's own cipher and patient-number hash, for a test that reads sealed fields back (fields are
// sealed with the test apps' data key unless a test says otherwise).
export async function seedDemoAccounts(
  database: DatabaseHandle,
  sealing?: Pick<SeedOptions, 'encrypt' | 'hashPatientNumber'>,
): Promise<void> {
  await seedDemoData(
    database,
    {
      transactions: 0,
      anchorDate: new Date('2025-06-15T08:30:00Z'),
      ...demoDomains,
      encrypt: testFieldCipher().encrypt,
      ...sealing,
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
