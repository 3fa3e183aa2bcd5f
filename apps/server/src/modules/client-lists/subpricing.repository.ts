import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientMccConfigs, clients } from '../../db/schema/clients';
import { mccCodes } from '../../db/schema/reference';

export type SubpricingValues = Omit<
  typeof clientMccConfigs.$inferInsert,
  'id' | 'clientId' | 'mccCode' | 'createdAt' | 'updatedAt'
>;

const rowColumns = {
  id: clientMccConfigs.id,
  clientId: clientMccConfigs.clientId,
  mccCode: clientMccConfigs.mccCode,
  mccDescription: mccCodes.description,
  baseCardRate: mccCodes.cardRate,
  label: clientMccConfigs.label,
  cardRate: clientMccConfigs.cardRate,
  achRate: clientMccConfigs.achRate,
  cryptoRate: clientMccConfigs.cryptoRate,
  cardP2c: clientMccConfigs.cardP2c,
  achP2c: clientMccConfigs.achP2c,
  cryptoP2c: clientMccConfigs.cryptoP2c,
  avgTicketCents: clientMccConfigs.avgTicketCents,
  highTicketCents: clientMccConfigs.highTicketCents,
  lowRate: clientMccConfigs.lowRate,
  etfCents: clientMccConfigs.etfCents,
  regFeeCents: clientMccConfigs.regFeeCents,
  pciFeeCents: clientMccConfigs.pciFeeCents,
  monthlyFeeCents: clientMccConfigs.monthlyFeeCents,
  monthlyMinimumCents: clientMccConfigs.monthlyMinimumCents,
  annualFeeCents: clientMccConfigs.annualFeeCents,
  chargebackFeeCents: clientMccConfigs.chargebackFeeCents,
  achReturnCents: clientMccConfigs.achReturnCents,
  taxRate: clientMccConfigs.taxRate,
  updatedAt: clientMccConfigs.updatedAt,
};

export async function listSubpricingRows(executor: Executor, clientId: string) {
  return executor
    .select(rowColumns)
    .from(clientMccConfigs)
    .innerJoin(mccCodes, eq(mccCodes.code, clientMccConfigs.mccCode))
    .where(eq(clientMccConfigs.clientId, clientId))
    .orderBy(asc(clientMccConfigs.mccCode));
}

export type SubpricingRecord = Awaited<ReturnType<typeof listSubpricingRows>>[number];

export async function findSubpricingRow(executor: Executor, id: string) {
  const [row] = await executor
    .select(rowColumns)
    .from(clientMccConfigs)
    .innerJoin(mccCodes, eq(mccCodes.code, clientMccConfigs.mccCode))
    .where(eq(clientMccConfigs.id, id));
  return row ?? null;
}

export async function findMccCode(executor: Executor, code: string) {
  const [row] = await executor
    .select({ code: mccCodes.code, cardRate: mccCodes.cardRate })
    .from(mccCodes)
    .where(eq(mccCodes.code, code));
  return row ?? null;
}

export async function clientExists(executor: Executor, clientId: string): Promise<boolean> {
  const [row] = await executor.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  return row !== undefined;
}

// One row per client and MCC code: a second save of the same code replaces the first.
export async function upsertSubpricingRow(
  executor: Executor,
  clientId: string,
  mccCode: string,
  values: SubpricingValues,
): Promise<string> {
  const [row] = await executor
    .insert(clientMccConfigs)
    .values({ clientId, mccCode, ...values })
    .onConflictDoUpdate({
      target: [clientMccConfigs.clientId, clientMccConfigs.mccCode],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning({ id: clientMccConfigs.id });
  if (!row) throw new Error('sub-pricing upsert returned nothing');
  return row.id;
}
