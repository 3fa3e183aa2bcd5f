import type { MerchantCountBand } from '@portico/contracts/developers/certification-registration';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { developerRegistrations } from '../../db/schema/developers';

export type RegistrationValues = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  features: string[];
  expectedMerchantsNow: MerchantCountBand | null;
  expectedMerchants90Days: MerchantCountBand | null;
  callbackUrl: string | null;
};

// The newest registration of this address whose instructions never went out, locked for the update.
export async function findUnsentRegistrationForUpdate(
  executor: Executor,
  email: string,
): Promise<{ id: string } | undefined> {
  const [row] = await executor
    .select({ id: developerRegistrations.id })
    .from(developerRegistrations)
    .where(
      and(
        eq(sql`lower(${developerRegistrations.email})`, email),
        isNull(developerRegistrations.instructionsSentAt),
      ),
    )
    .orderBy(desc(developerRegistrations.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function insertRegistration(executor: Executor, values: RegistrationValues): Promise<string> {
  const [row] = await executor
    .insert(developerRegistrations)
    .values(values)
    .returning({ id: developerRegistrations.id });
  if (!row) throw new Error('developer_registrations insert returned no row');
  return row.id;
}

export async function updateRegistration(
  executor: Executor,
  id: string,
  values: RegistrationValues,
): Promise<void> {
  await executor.update(developerRegistrations).set(values).where(eq(developerRegistrations.id, id));
}

// Database clock, like every other time Portico records.
export async function markInstructionsSent(executor: Executor, id: string): Promise<Date> {
  const [row] = await executor
    .update(developerRegistrations)
    .set({ instructionsSentAt: sql`now()` })
    .where(eq(developerRegistrations.id, id))
    .returning({ sentAt: developerRegistrations.instructionsSentAt });
  if (!row?.sentAt) throw new Error('developer registration vanished before its instructions were recorded');
  return row.sentAt;
}
