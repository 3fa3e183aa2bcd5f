import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { subEntities } from '../../db/schema/access';
import { clientConfigs, clients } from '../../db/schema/clients';
import { subscriptionCharges, subscriptions } from '../../db/schema/subscriptions';
import { transactions } from '../../db/schema/transactions';
import { users } from '../../db/schema/users';

export type DueSeries = {
  id: string;
  scheduledFor: string;
  attempts: number;
};

// Active series of active merchants whose cycle is due by `today`: never tried, or declined with a
// retry date that has come. Oldest first, so a backlog is worked off in order. A frozen merchant's
// series are left for a later run (the charge path checks again under lock).
export async function findDueSeries(
  executor: Executor,
  today: string,
  limit: number,
  // Keyset: only series after this one in (date, id) order, so a run reads each due series once.
  after?: Pick<DueSeries, 'id' | 'scheduledFor'>,
): Promise<DueSeries[]> {
  const rows = await executor
    .select({
      id: subscriptions.id,
      scheduledFor: subscriptions.nextChargeDate,
      attempts: subscriptionCharges.attempts,
    })
    .from(subscriptions)
    .innerJoin(clients, eq(clients.id, subscriptions.clientId))
    .leftJoin(
      subscriptionCharges,
      and(
        eq(subscriptionCharges.subscriptionId, subscriptions.id),
        eq(subscriptionCharges.scheduledFor, subscriptions.nextChargeDate),
      ),
    )
    .where(
      and(
        eq(subscriptions.isActive, true),
        lte(subscriptions.nextChargeDate, today),
        after
          ? sql`(${subscriptions.nextChargeDate}, ${subscriptions.id}) > (${after.scheduledFor}::date, ${after.id}::uuid)`
          : undefined,
        eq(clients.isActive, true),
        sql`${clients.status} is distinct from 'Inactive'`,
        or(
          isNull(subscriptionCharges.id),
          eq(subscriptionCharges.status, 'scheduled'),
          and(eq(subscriptionCharges.status, 'failed'), lte(subscriptionCharges.nextAttemptOn, today)),
        ),
      ),
    )
    .orderBy(asc(subscriptions.nextChargeDate), asc(subscriptions.id))
    .limit(limit);
  return rows.flatMap((row) =>
    row.scheduledFor === null
      ? []
      : [{ id: row.id, scheduledFor: row.scheduledFor, attempts: row.attempts ?? 0 }],
  );
}

// The series and what charging it needs, its row locked for the rest of the transaction.
export async function lockSeries(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      series: subscriptions,
      merchantName: clients.name,
      merchantStatus: clients.status,
      cardProcessor: clientConfigs.payment,
      achProcessor: clientConfigs.ach,
      // The series' location: its cycles are recorded there, as its first charge was.
      location: { id: subEntities.id, name: subEntities.name, customFields: subEntities.customFields },
    })
    .from(subscriptions)
    .innerJoin(clients, eq(clients.id, subscriptions.clientId))
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, subscriptions.clientId))
    .leftJoin(subEntities, eq(subEntities.id, subscriptions.subEntityId))
    .where(eq(subscriptions.id, id))
    .for('update', { of: subscriptions });
  return row;
}

export async function lockCycle(tx: Tx, subscriptionId: string, scheduledFor: string) {
  const [row] = await tx
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscriptionId),
        eq(subscriptionCharges.scheduledFor, scheduledFor),
      ),
    )
    .for('update');
  return row;
}

type CycleOutcome = Pick<
  typeof subscriptionCharges.$inferInsert,
  'status' | 'attempts' | 'nextAttemptOn' | 'failureReason' | 'transactionId' | 'transactionCreatedAt'
>;

// The cycle's row as the scheduler left it; the customer's e-mail about it is due.
export async function saveCycle(
  tx: Tx,
  cycle: { subscriptionId: string; scheduledFor: string; amountCents: number },
  outcome: CycleOutcome,
): Promise<void> {
  const values = { ...outcome, isNoticePending: true };
  await tx
    .insert(subscriptionCharges)
    .values({ ...cycle, ...values })
    .onConflictDoUpdate({
      target: [subscriptionCharges.subscriptionId, subscriptionCharges.scheduledFor],
      set: { ...values, amountCents: cycle.amountCents },
    });
}

// A cycle left uncharged (too late to charge); nothing is sent about it.
export async function markCycleSkipped(
  tx: Tx,
  cycle: { subscriptionId: string; scheduledFor: string; amountCents: number },
): Promise<void> {
  await tx
    .insert(subscriptionCharges)
    .values({ ...cycle, status: 'skipped' })
    .onConflictDoUpdate({
      target: [subscriptionCharges.subscriptionId, subscriptionCharges.scheduledFor],
      set: { status: 'skipped' },
    });
}

// The next cycle shows in the series' history as scheduled, as the seed leaves it.
export async function scheduleCycle(
  tx: Tx,
  cycle: { subscriptionId: string; scheduledFor: string; amountCents: number },
): Promise<void> {
  await tx
    .insert(subscriptionCharges)
    .values({ ...cycle, status: 'scheduled' })
    .onConflictDoNothing();
}

export async function updateSeries(
  tx: Tx,
  id: string,
  changes: Partial<
    Pick<
      typeof subscriptions.$inferInsert,
      'cyclesCompleted' | 'nextChargeDate' | 'isActive' | 'endReason' | 'endedAt' | 'endDate'
    >
  >,
): Promise<void> {
  await tx.update(subscriptions).set(changes).where(eq(subscriptions.id, id));
}

export async function insertSubscriptionTransaction(tx: Tx, row: typeof transactions.$inferInsert) {
  const [inserted] = await tx
    .insert(transactions)
    .values(row)
    .returning({ id: transactions.id, createdAt: transactions.createdAt });
  if (!inserted) throw new Error('subscription charge insert returned nothing');
  return inserted;
}

// Cycles whose customer e-mail is still to send, with what the e-mail says.
// `transactionId` narrows it to the cycle a charge paid (the first receipt of a link's series).
export async function findPendingNotices(executor: Executor, limit: number, transactionId?: string) {
  return executor
    .select({
      chargeId: subscriptionCharges.id,
      subscriptionId: subscriptionCharges.subscriptionId,
      scheduledFor: subscriptionCharges.scheduledFor,
      amountCents: subscriptionCharges.amountCents,
      status: subscriptionCharges.status,
      nextAttemptOn: subscriptionCharges.nextAttemptOn,
      email: subscriptions.email,
      token: subscriptions.token,
      description: subscriptions.description,
      isActive: subscriptions.isActive,
      nextChargeDate: subscriptions.nextChargeDate,
      endReason: subscriptions.endReason,
      merchantName: clients.name,
      // The series' terms, which the receipt of its first charge repeats.
      series: {
        amountCents: subscriptions.amountCents,
        interval: subscriptions.interval,
        frequency: subscriptions.frequency,
        cycles: subscriptions.cycles,
        trialDays: subscriptions.trialDays,
        startDate: subscriptions.startDate,
      },
    })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .innerJoin(clients, eq(clients.id, subscriptions.clientId))
    .where(
      and(
        eq(subscriptionCharges.isNoticePending, true),
        transactionId === undefined ? undefined : eq(subscriptionCharges.transactionId, transactionId),
      ),
    )
    .orderBy(subscriptionCharges.subscriptionId, subscriptionCharges.scheduledFor)
    .limit(limit);
}

// Takes the notice for sending; false when another run took it first.
export async function claimNotice(tx: Tx, chargeId: string): Promise<boolean> {
  const rows = await tx
    .update(subscriptionCharges)
    .set({ isNoticePending: false })
    .where(and(eq(subscriptionCharges.id, chargeId), eq(subscriptionCharges.isNoticePending, true)))
    .returning({ id: subscriptionCharges.id });
  return rows.length > 0;
}

// Money attempts belong to a user: the scheduler's are held by one disabled, locked system account
// that can never sign in (.invalid never receives mail, and both flags refuse a session).
export const schedulerSystemEmail = 'subscription-scheduler@system.invalid';
const schedulerIds = new WeakMap<object, string>();

export async function schedulerSystemUserId(executor: Executor): Promise<string> {
  const known = schedulerIds.get(executor);
  if (known !== undefined) return known;
  await executor
    .insert(users)
    .values({
      email: schedulerSystemEmail,
      name: 'Recurring charges scheduler (system)',
      userType: 'user',
      isDisabled: true,
      isLockedOut: true,
    })
    .onConflictDoNothing();
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, schedulerSystemEmail));
  if (!row) throw new Error('scheduler system account missing');
  schedulerIds.set(executor, row.id);
  return row.id;
}
