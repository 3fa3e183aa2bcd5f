import { webhookEventsKeptDays } from '@portico/contracts/developers/webhooks';
import { and, inArray, lt, sql } from 'drizzle-orm';
import { ensureCurrentTransactionPartitions } from '../db/migrate';
import { jobRuns, rateLimitCounters } from '../db/schema/jobs';
import { paymentRiskBuckets } from '../db/schema/risk';
import { transactionTotals } from '../db/schema/transactions';
import { webhookEvents } from '../db/schema/webhooks';
import type { JobDefinition } from './runner';

// Finished runs are kept this long for the jobs page.
export const jobRunsKeptDays = 30;

// Payment risk buckets are read for the trailing 30 days of a payment being recorded (risk.repository.ts);
// twice that is kept.
export const paymentRiskBucketsKeptDays = 62;

// The dashboard reads transaction totals back to the first day of the month eleven months ago, in
// any zone; 13 months are kept, as many as the monthly partitions made behind the current one.
export const transactionTotalsKeptMonths = 13;

// The monthly partitions of transactions follow the calendar (13 months back, 2 ahead) for an
// instance that runs for months without a restart; expired rate-limit counters, old finished job runs,
// old payment risk buckets and transaction totals, and webhook events past their 30 days (with their deliveries and attempts)
// are deleted. Running again finds nothing to do.
export function housekeepingJob(): JobDefinition {
  return {
    name: 'housekeeping',
    schedule: { everyMinutes: 60 },
    async run({ db }) {
      const newPartitions = await ensureCurrentTransactionPartitions(db);
      const counters = await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.resetAt, sql`now()`))
        .returning({ key: rateLimitCounters.key });
      const runs = await db
        .delete(jobRuns)
        .where(
          and(
            inArray(jobRuns.status, ['succeeded', 'failed']),
            lt(jobRuns.createdAt, sql`now() - make_interval(days => ${jobRunsKeptDays})`),
          ),
        )
        .returning({ id: jobRuns.id });
      const buckets = await db
        .delete(paymentRiskBuckets)
        .where(
          lt(paymentRiskBuckets.startsAt, sql`now() - make_interval(days => ${paymentRiskBucketsKeptDays})`),
        )
        .returning({ span: paymentRiskBuckets.span });
      const totals = await db
        .delete(transactionTotals)
        .where(
          lt(
            transactionTotals.startsAt,
            sql`now() - make_interval(months => ${transactionTotalsKeptMonths})`,
          ),
        )
        .returning({ span: transactionTotals.span });
      const events = await db
        .delete(webhookEvents)
        .where(lt(webhookEvents.createdAt, sql`now() - make_interval(days => ${webhookEventsKeptDays})`))
        .returning({ id: webhookEvents.id });
      return {
        newPartitions,
        expiredCounters: counters.length,
        oldRuns: runs.length,
        oldRiskBuckets: buckets.length,
        oldTransactionTotals: totals.length,
        oldWebhookEvents: events.length,
      };
    },
  };
}
