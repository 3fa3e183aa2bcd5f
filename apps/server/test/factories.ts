import { randomUUID } from 'node:crypto';
import type { Executor } from '../src/db/client';
import { clients } from '../src/db/schema/clients';
import { users } from '../src/db/schema/users';

type ClientInsert = typeof clients.$inferInsert;
type UserInsert = typeof users.$inferInsert;

// Data factories (immich style): a valid row with unique keys, overridden where a test cares.
export async function buildClient(db: Executor, overrides: Partial<ClientInsert> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(clients)
    .values({
      name: `Test Merchant ${suffix}`,
      apiKey: `test-api-${randomUUID()}`,
      publicKey: `test-pub-${randomUUID()}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('client insert returned nothing');
  return row;
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
