import { TimezoneErrorCode, type TimezonePair, TimezoneText } from '@portico/contracts/auth/timezone';
import type { Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { findTimezone, findUserTimezone, listTimezones, updateUserTimezone } from './timezone.repository';

export const TimezoneError = defineErrors({
  NotOffered: [TimezoneErrorCode.NotOffered, 'validation'],
});

export async function offeredTimezones(executor: Executor): Promise<TimezonePair[]> {
  const rows = await listTimezones(executor);
  return rows.map((row) => [row.name, row.label]);
}

// The timezone calls answer lists of pairs even for the one setting; the browser reads the first element.
export async function userTimezone(executor: Executor, userId: string): Promise<TimezonePair[]> {
  const row = await findUserTimezone(executor, userId);
  return row ? [[row.name, row.label ?? row.name]] : [];
}

// Only a timezone the settings modal offers may be saved.
export async function changeUserTimezone(
  executor: Executor,
  userId: string,
  name: string,
): Promise<TimezonePair[]> {
  const offered = await findTimezone(executor, name);
  if (!offered) throw TimezoneError.NotOffered(TimezoneText.NotOffered);
  await updateUserTimezone(executor, userId, offered.name);
  return [[offered.name, offered.label]];
}
