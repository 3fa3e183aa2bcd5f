import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

// Server-side exports ('All matching rows'): what was asked (grid, columns, filters, the scope the
// requester could see then), how far the job got, and the file under DATA_DIR/exports it wrote.
// Only the requester lists or downloads one; the file is deleted when it expires.
export const exportStatus = pgEnum('export_status', [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
]);

// Scheduled reports: a saved layout's export run daily, weekly or monthly for the period just ended,
// sent to chosen users. next_run_at is null while paused.
export const scheduleStatus = pgEnum('report_schedule_status', ['active', 'paused']);

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grid: text().notNull(),
    layoutName: text().notNull(),
    // The export as the grid asks it; each run replaces its window with the run's period.
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    frequency: text().notNull(),
    time: text().notNull(),
    weekday: integer(),
    monthDay: integer(),
    timeZone: text().notNull(),
    delivery: text().notNull(),
    recipientIds: uuid().array().notNull(),
    status: scheduleStatus().notNull().default('active'),
    pausedReason: text(),
    nextRunAt: timestamptz(),
    lastRunAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    // The scheduler: active schedules whose time has come.
    index('report_schedules_due_idx').on(t.nextRunAt).where(sql`${t.status} = 'active'`),
    index('report_schedules_user_idx').on(t.userId, t.createdAt),
  ],
);

export const exports = pgTable(
  'exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grid: text().notNull(),
    format: text().notNull(),
    status: exportStatus().notNull().default('queued'),
    // The request as validated, and the rows the requester could see when asking (the job reads
    // only these; the download checks the requester still sees them).
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    scope: jsonb().$type<Record<string, unknown>>().notNull(),
    // Bumped by each retry: the job run's key is id and attempt.
    attempt: bigint({ mode: 'number' }).notNull().default(1),
    rowsWritten: bigint({ mode: 'number' }).notNull().default(0),
    rowsTotal: bigint({ mode: 'number' }),
    byteSize: bigint({ mode: 'number' }),
    fileName: text().notNull(),
    error: text(),
    createdAt: createdAt(),
    finishedAt: timestamptz(),
    expiresAt: timestamptz(),
    // A scheduled run's export: its schedule and the run's time, once per schedule and run.
    scheduleId: uuid().references(() => reportSchedules.id, { onDelete: 'set null' }),
    scheduleRunAt: timestamptz(),
  },
  (t) => [
    // The Exports page: a user's exports, newest first.
    index('exports_user_created_idx').on(t.userId, t.createdAt),
    // The expiry job: finished files past their time.
    index('exports_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'succeeded'`),
    uniqueIndex('exports_schedule_run_unique').on(t.scheduleId, t.scheduleRunAt),
  ],
);
