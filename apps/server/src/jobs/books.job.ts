import { postPayouts, postStatements } from '../modules/statements/statements.service';
import type { JobDefinition } from './runner';

// The month before a 'yyyy-mm' run key, and the day before a 'yyyy-mm-dd' one (UTC calendar).
export function monthBefore(yearMonth: string): string {
  const [year, month] = yearMonth.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 2, 1)).toISOString().slice(0, 7);
}
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
}

// Issue 17 item 8: on the first tick of a month (UTC) every merchant's statement of the month before
// is posted. postStatements is idempotent on (merchant, month): a second run posts nothing.
export function statementPostingJob(): JobDefinition {
  return {
    name: 'statements.post',
    schedule: { every: 'month' },
    async run({ db, runKey, now }) {
      const month = monthBefore(runKey);
      return { month, posted: await postStatements(db, month, now) };
    },
  };
}

// Daily payouts: the settlement groups and payouts of the day before, once (idempotent per day).
export function payoutPostingJob(): JobDefinition {
  return {
    name: 'payouts.post',
    schedule: { every: 'day' },
    async run({ db, runKey, now }) {
      const day = dayBefore(runKey);
      return { day, posted: await postPayouts(db, day, now) };
    },
  };
}
