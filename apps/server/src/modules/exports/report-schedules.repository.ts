import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exports, reportSchedules } from '../../db/schema/exports';
import { users } from '../../db/schema/users';
import { listAccountUsers } from '../enrollment-actions/enrollment-actions.repository';
import type { ExportRecord, NewExport } from './exports.repository';

export type ScheduleRecord = typeof reportSchedules.$inferSelect;
export type NewSchedule = typeof reportSchedules.$inferInsert;

// A scheduler run takes at most this many due schedules; the rest wait for the next run.
const dueBatch = 100;

export async function insertSchedule(executor: Executor, values: NewSchedule): Promise<ScheduleRecord> {
  const [row] = await executor.insert(reportSchedules).values(values).returning();
  if (!row) throw new Error('schedule was not inserted');
  return row;
}

export function listUserSchedules(executor: Executor, userId: string): Promise<ScheduleRecord[]> {
  return executor
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.userId, userId))
    .orderBy(desc(reportSchedules.createdAt), desc(reportSchedules.id));
}

export async function findSchedule(executor: Executor, id: string) {
  const [row] = await executor.select().from(reportSchedules).where(eq(reportSchedules.id, id));
  return row;
}

export async function findUserSchedule(executor: Executor, userId: string, id: string) {
  const [row] = await executor
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.userId, userId)));
  return row;
}

export async function updateSchedule(
  executor: Executor,
  id: string,
  values: Partial<NewSchedule>,
): Promise<ScheduleRecord | undefined> {
  const [row] = await executor
    .update(reportSchedules)
    .set(values)
    .where(eq(reportSchedules.id, id))
    .returning();
  return row;
}

export async function deleteSchedule(executor: Executor, id: string): Promise<void> {
  await executor.delete(reportSchedules).where(eq(reportSchedules.id, id));
}

// Active schedules whose run has come, oldest first, each locked for this run: another instance's
// scheduler skips them rather than running them twice.
export function claimDueSchedules(executor: Executor, now: Date): Promise<ScheduleRecord[]> {
  return executor
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.status, 'active'), lte(reportSchedules.nextRunAt, now)))
    .orderBy(asc(reportSchedules.nextRunAt))
    .limit(dueBatch)
    .for('update', { skipLocked: true });
}

// The run's export, once per schedule and run time: a second try finds it there.
export async function insertScheduledExport(
  executor: Executor,
  values: NewExport,
): Promise<ExportRecord | undefined> {
  const [row] = await executor
    .insert(exports)
    .values(values)
    .onConflictDoNothing({ target: [exports.scheduleId, exports.scheduleRunAt] })
    .returning();
  return row;
}

export type RecipientRecord = { id: string; name: string; email: string };

// Who may receive a merchant's scheduled report: its users who sign in (not contacts, not disabled).
export async function listMerchantRecipients(
  executor: Executor,
  merchantId: string,
): Promise<RecipientRecord[]> {
  const records = await listAccountUsers(executor, merchantId);
  return records
    .filter((record) => !record.isDisabled && record.userType !== 'contact')
    .map((record) => ({ id: record.id, name: record.name, email: record.email }));
}

export async function findRecipients(executor: Executor, ids: readonly string[]): Promise<RecipientRecord[]> {
  if (ids.length === 0) return [];
  return executor
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isDisabled, false), ne(users.userType, 'contact')))
    .orderBy(asc(users.name), asc(users.id));
}

export async function findDefaultClientId(executor: Executor, userId: string): Promise<string | null> {
  const [row] = await executor
    .select({ defaultClientId: users.defaultClientId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.defaultClientId ?? null;
}

// An export the user may open: their own, or a scheduled run's they are a recipient of.
export async function findReadableExport(executor: Executor, userId: string, id: string) {
  const [row] = await executor
    .select({ export: exports })
    .from(exports)
    .leftJoin(reportSchedules, eq(reportSchedules.id, exports.scheduleId))
    .where(
      and(
        eq(exports.id, id),
        or(eq(exports.userId, userId), sql`${userId}::uuid = any(${reportSchedules.recipientIds})`),
      ),
    );
  return row?.export;
}
