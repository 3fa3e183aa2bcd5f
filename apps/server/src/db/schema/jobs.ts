import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

// The job runner's queue and its record of every run (apps/server/src/jobs/). One row per job and
// run key: a scheduled job's key is its period ('2026-11' for a monthly one), so however many
// instances tick, each period runs once. A failed attempt goes back to 'queued' with a later
// run_after until max_attempts, then stays 'failed' for staff to see.
export const jobRunStatus = pgEnum('job_run_status', ['queued', 'running', 'succeeded', 'failed']);

export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    runKey: text().notNull(),
    status: jobRunStatus().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    runAfter: timestamptz().notNull().defaultNow(),
    // The instance running it and until when; a run whose lease ran out (its process died) is taken
    // again by the next tick.
    lockedBy: text(),
    lockedUntil: timestamptz(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
    lastError: text(),
    // What the run did (counts), for the jobs page.
    result: jsonb().$type<Record<string, number | string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('job_runs_name_key_unique').on(t.name, t.runKey),
    // The runner claims the oldest due run.
    index('job_runs_due_idx').on(t.runAfter).where(sql`${t.status} in ('queued', 'running')`),
    // The jobs page, newest first.
    index('job_runs_created_idx').on(t.createdAt, t.id),
  ],
);

// Rate-limit counters shared by every instance on one PostgreSQL (plugins/rate-limit.ts): one row per
// limit and client address, reset when its window ends; the job runner deletes expired rows.
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    hits: bigint({ mode: 'number' }).notNull(),
    resetAt: timestamptz().notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);
