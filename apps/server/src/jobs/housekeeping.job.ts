import { and, inArray, lt, sql } from 'drizzle-orm';
import { jobRuns, rateLimitCounters } from '../db/schema/jobs';
import type { JobDefinition } from './runner';

// Finished runs are kept this long for the jobs page.
export const jobRunsKeptDays = 30;

// Expired rate-limit counters and old finished job runs are deleted; deleting again finds nothing.
export function housekeepingJob(): JobDefinition {
  return {
    name: 'housekeeping',
    schedule: { everyMinutes: 60 },
    async run({ db }) {
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
      return { expiredCounters: counters.length, oldRuns: runs.length };
    },
  };
}
