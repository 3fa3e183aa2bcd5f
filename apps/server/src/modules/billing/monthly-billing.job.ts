import { monthBefore } from '../../jobs/books.job';
import type { JobDefinition } from '../../jobs/runner';
import { createMonthlyBills, resolveBillMonth } from './billing.service';

// On the first tick of a month (UTC) the month before is billed for every merchant with monthly
// billing on. createMonthlyBills is idempotent on (merchant, month) in one transaction: a second run,
// a concurrent one, or a rerun after a crash bills nobody twice.
export function monthlyBillingJob(): JobDefinition {
  return {
    name: 'monthly-billing.bill',
    schedule: { every: 'month' },
    async run({ db, runKey, now }) {
      const month = resolveBillMonth(monthBefore(runKey), now);
      const billed = await createMonthlyBills(db, 'enabled', month, now);
      return { month: month.yearMonth, billed: billed.length };
    },
  };
}
