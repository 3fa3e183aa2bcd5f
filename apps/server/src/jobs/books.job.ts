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

// The period a run is for: its run key when that is a period; a staff Run now (key 'now:<instant>:…')
// is for the period the clock is in.
export function periodOfRun(runKey: string, now: Date, length: 7 | 10): string {
  const pattern = length === 7 ? /^\d{4}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}$/;
  return pattern.test(runKey) ? runKey : now.toISOString().slice(0, length);
}

// On the first tick of a month (UTC) every merchant's statement of the month before
// is posted. postStatements is idempotent on (merchant, month): a second run posts nothing.
export function statementPostingJob(): JobDefinition {
  return {
    name: 'statements.post',
    schedule: { every: 'month' },
    async run({ db, runKey, now }) {
      const month = monthBefore(periodOfRun(runKey, now, 7));
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
      const day = dayBefore(periodOfRun(runKey, now, 10));
      return { day, posted: await postPayouts(db, day, now) };
    },
  };
}
