import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { timezones } from '../../db/schema/reference';
import { users } from '../../db/schema/users';

export async function listTimezones(executor: Executor) {
  return executor
    .select({ name: timezones.name, label: timezones.label })
    .from(timezones)
    .orderBy(asc(timezones.sortOrder), asc(timezones.name));
}

export async function findTimezone(executor: Executor, name: string) {
  const [row] = await executor
    .select({ name: timezones.name, label: timezones.label })
    .from(timezones)
    .where(eq(timezones.name, name));
  return row;
}

// The user's setting with its label (absent for a name the list no longer offers).
export async function findUserTimezone(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ name: users.timezone, label: timezones.label })
    .from(users)
    .leftJoin(timezones, eq(timezones.name, users.timezone))
    .where(eq(users.id, userId));
  return row;
}

export async function updateUserTimezone(executor: Executor, userId: string, name: string): Promise<void> {
  await executor.update(users).set({ timezone: name }).where(eq(users.id, userId));
}
