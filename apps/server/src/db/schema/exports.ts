import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    // The Exports page: a user's exports, newest first.
    index('exports_user_created_idx').on(t.userId, t.createdAt),
    // The expiry job: finished files past their time.
    index('exports_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'succeeded'`),
  ],
);
