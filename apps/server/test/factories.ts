import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { clientConfigs, clients } from '../src/db/schema/clients';
import { transactions } from '../src/db/schema/transactions';
import { users } from '../src/db/schema/users';
import { openSecretApiKey, sealedSecretApiKey } from '../src/lib/secret-api-key';
import { testFieldCipher } from './build-test-app';

type ClientInsert = typeof clients.$inferInsert;
type UserInsert = typeof users.$inferInsert;
type TransactionInsert = typeof transactions.$inferInsert;

// Data factories (immich style): a valid row with unique keys, overridden where a test cares.
// apiKey: the secret key, stored sealed as the server stores it (the row answers it back).
export async function buildClient(
  db: Executor,
  { apiKey = `test-api-${randomUUID()}`, ...overrides }: Partial<ClientInsert> & { apiKey?: string } = {},
) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(clients)
    .values({
      name: `Test Merchant ${suffix}`,
      ...sealedSecretApiKey(testFieldCipher().encrypt, apiKey),
      publicKey: `test-pub-${randomUUID()}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('client insert returned nothing');
  return { ...row, apiKey };
}

// A merchant whose members sit outside the second-factor requirement: role-based access is on and a
// member holds no role until a test grants one, so no permission that requires a second factor. Tests
// of sign-in itself use it; the requirement has tests of its own.
export async function buildClientOutsideSecondFactorRequirement(
  db: Executor,
  overrides: Parameters<typeof buildClient>[1] = {},
) {
  const client = await buildClient(db, overrides);
  await db.insert(clientConfigs).values({ clientId: client.id, customizations: { rbac_enabled: true } });
  return client;
}

// The secret key of a client as a test app would reveal it.
export async function secretApiKeyOf(db: Executor, clientId: string): Promise<string> {
  const [row] = await db.select({ sealed: clients.apiKeyEnc }).from(clients).where(eq(clients.id, clientId));
  if (!row?.sealed) throw new Error(`client ${clientId} has no sealed secret key`);
  return openSecretApiKey(testFieldCipher(), row.sealed);
}

export async function buildUser(db: Executor, overrides: Partial<UserInsert> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${suffix}@merchant.example`,
      name: `Test User ${suffix}`,
      userType: 'user',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

// An approved, unsettled 100.00 Visa sale through FIS: voidable the same day, refundable later.
export async function buildCardPayment(
  db: Executor,
  overrides: Partial<TransactionInsert> & Pick<TransactionInsert, 'clientId' | 'createdAt'>,
) {
  const [row] = await db
    .insert(transactions)
    .values({
      type: 'card',
      action: 'sale',
      actionMode: 'charge',
      amountCents: 10_000,
      feeCents: 320,
      paymentStatus: true,
      requestStatus: true,
      status: 'Approved',
      processor: 'fis',
      paymentMethod: 'card',
      cardBrand: 'VISA',
      last4: '1111',
      token: 'VISA-1111-12-2030',
      apiResponse: { token: 'VISA-1111-12-2030', meta: { email: 'pat@example.com' } },
      ...overrides,
    })
    .returning({ id: transactions.id });
  if (!row) throw new Error('payment insert returned nothing');
  return row.id;
}
