import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { ReportScope } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { subscriptionCharges, subscriptions } from '../../db/schema/subscriptions';

// A series as the grid shows it, with what its charges tell (first charge, failures, an override).
export type SubscriptionListing = {
  id: string;
  clientId: string;
  merchantName: string;
  isActive: boolean;
  email: string;
  amountCents: number;
  startDate: string;
  endDate: string | null;
  nextChargeDate: string | null;
  cycles: number | null;
  cyclesCompleted: number;
  interval: 'daily' | 'weekly' | 'monthly' | 'yearly';
  frequency: number;
  trialDays: number;
  token: string;
  description: string | null;
  endReason: string | null;
  endedAt: Date | null;
  createdAt: Date;
  firstChargeDate: string | null;
  failedCharges: number;
  lastFailedCharge: string | null;
  nextAmountCents: number | null;
};

const charge = subscriptionCharges;

function listingColumns() {
  return {
    id: subscriptions.id,
    clientId: subscriptions.clientId,
    merchantName: clients.name,
    isActive: subscriptions.isActive,
    email: subscriptions.email,
    amountCents: subscriptions.amountCents,
    startDate: subscriptions.startDate,
    endDate: subscriptions.endDate,
    nextChargeDate: subscriptions.nextChargeDate,
    cycles: subscriptions.cycles,
    cyclesCompleted: subscriptions.cyclesCompleted,
    interval: subscriptions.interval,
    frequency: subscriptions.frequency,
    trialDays: subscriptions.trialDays,
    token: subscriptions.token,
    description: subscriptions.description,
    endReason: subscriptions.endReason,
    endedAt: subscriptions.endedAt,
    createdAt: subscriptions.createdAt,
    firstChargeDate: sql<string | null>`(select min(${charge.scheduledFor})::text from ${charge}
      where ${charge.subscriptionId} = ${subscriptions.id} and ${charge.status} = 'succeeded')`,
    failedCharges: sql<number>`(select count(*)::int from ${charge}
      where ${charge.subscriptionId} = ${subscriptions.id} and ${charge.status} = 'failed')`,
    lastFailedCharge: sql<string | null>`(select max(${charge.scheduledFor})::text from ${charge}
      where ${charge.subscriptionId} = ${subscriptions.id} and ${charge.status} = 'failed')`,
    // An override is a 'scheduled' charge row on the series' next date (see setNextChargeOverride).
    nextAmountCents: sql<number | null>`(select ${charge.amountCents} from ${charge}
      where ${charge.subscriptionId} = ${subscriptions.id} and ${charge.status} = 'scheduled'
        and ${charge.scheduledFor} = ${subscriptions.nextChargeDate})`.mapWith(charge.amountCents),
  };
}

function selectListings(executor: Executor, where: SQL | undefined) {
  return executor
    .select(listingColumns())
    .from(subscriptions)
    .innerJoin(clients, eq(clients.id, subscriptions.clientId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

export async function listSubscriptions(
  executor: Executor,
  scope: ReportScope,
): Promise<SubscriptionListing[]> {
  if (scope.kind === 'clients' && scope.clientIds.length === 0) return [];
  const where = scope.kind === 'all' ? undefined : inArray(subscriptions.clientId, [...scope.clientIds]);
  return selectListings(executor, where);
}

export async function findSubscriptionListing(
  executor: Executor,
  id: string,
): Promise<SubscriptionListing | undefined> {
  const [row] = await selectListings(executor, eq(subscriptions.id, id));
  return row;
}

export type LockedSubscription = {
  id: string;
  clientId: string;
  isActive: boolean;
  cycles: number | null;
  cyclesCompleted: number;
  nextChargeDate: string | null;
  interval: 'daily' | 'weekly' | 'monthly' | 'yearly';
  frequency: number;
};

// Locks the series for a write: the scheduler and a second merchant click wait their turn.
export async function lockSubscription(
  executor: Executor,
  id: string,
): Promise<LockedSubscription | undefined> {
  const [row] = await executor
    .select({
      id: subscriptions.id,
      clientId: subscriptions.clientId,
      isActive: subscriptions.isActive,
      cycles: subscriptions.cycles,
      cyclesCompleted: subscriptions.cyclesCompleted,
      nextChargeDate: subscriptions.nextChargeDate,
      interval: subscriptions.interval,
      frequency: subscriptions.frequency,
    })
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .for('update');
  return row;
}

export async function findSubscriptionClientId(executor: Executor, id: string): Promise<string | undefined> {
  const [row] = await executor
    .select({ clientId: subscriptions.clientId })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return row?.clientId;
}

// Ends an active series; completed charges stay as they are (ending refunds nothing).
export async function endSubscription(
  executor: Executor,
  id: string,
  input: { endReason: string; endedAt: Date },
): Promise<void> {
  await executor
    .update(subscriptions)
    .set({ isActive: false, endReason: input.endReason, endedAt: input.endedAt, nextChargeDate: null })
    .where(eq(subscriptions.id, id));
  await dropScheduledOverrides(executor, id);
}

export async function reactivateSubscription(
  executor: Executor,
  id: string,
  input: { nextChargeDate: string; endDate?: string | null },
): Promise<void> {
  await executor
    .update(subscriptions)
    .set({
      isActive: true,
      endReason: null,
      endedAt: null,
      nextChargeDate: input.nextChargeDate,
      endDate: input.endDate,
    })
    .where(eq(subscriptions.id, id));
}

// An override of the next charge is a 'scheduled' subscription_charges row on that date carrying the
// amount: the scheduler charges a scheduled row's amount in place of the series amount. A newer
// override replaces an older one.
export async function setNextChargeOverride(
  executor: Executor,
  id: string,
  input: { nextChargeDate: string; amountCents: number },
): Promise<void> {
  await executor
    .delete(charge)
    .where(
      and(
        eq(charge.subscriptionId, id),
        eq(charge.status, 'scheduled'),
        ne(charge.scheduledFor, input.nextChargeDate),
      ),
    );
  await executor
    .insert(charge)
    .values({
      subscriptionId: id,
      scheduledFor: input.nextChargeDate,
      amountCents: input.amountCents,
      status: 'scheduled',
    })
    .onConflictDoUpdate({
      target: [charge.subscriptionId, charge.scheduledFor],
      set: { amountCents: input.amountCents },
      setWhere: sql`${charge.status} = 'scheduled'`,
    });
  await executor
    .update(subscriptions)
    .set({ nextChargeDate: input.nextChargeDate })
    .where(eq(subscriptions.id, id));
}

async function dropScheduledOverrides(executor: Executor, id: string): Promise<void> {
  await executor.delete(charge).where(and(eq(charge.subscriptionId, id), eq(charge.status, 'scheduled')));
}

export async function findChargeOnDate(
  executor: Executor,
  id: string,
  scheduledFor: string,
): Promise<{ status: string } | undefined> {
  const [row] = await executor
    .select({ status: charge.status })
    .from(charge)
    .where(and(eq(charge.subscriptionId, id), eq(charge.scheduledFor, scheduledFor)));
  return row;
}

// What the customer's 'subscription ended' e-mail names, and what the unsubscribe card says of an
// ended series.
export async function findSeriesEndFacts(
  executor: Executor,
  id: string,
): Promise<
  | {
      email: string;
      merchantName: string;
      amountCents: number;
      token: string;
      isActive: boolean;
      endReason: string | null;
    }
  | undefined
> {
  const [row] = await executor
    .select({
      email: subscriptions.email,
      merchantName: clients.name,
      amountCents: subscriptions.amountCents,
      token: subscriptions.token,
      isActive: subscriptions.isActive,
      endReason: subscriptions.endReason,
    })
    .from(subscriptions)
    .innerJoin(clients, eq(clients.id, subscriptions.clientId))
    .where(eq(subscriptions.id, id));
  return row;
}

// A series' location (a payment link's payer may choose one; migration 0018 gave older series the
// location of their first charge that had one).
export async function findSeriesLocationId(
  executor: Executor,
  subscriptionId: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ subEntityId: subscriptions.subEntityId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return row?.subEntityId ?? null;
}
