import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, timestamptz } from './columns';

// Merchant data sync: requested by an admin from the dashboard, processed by a job that pulls
// the merchant's data from its processors.
export const dataSyncStatus = pgEnum('data_sync_status', ['requested', 'running', 'completed', 'failed']);

export const dataSyncRequests = pgTable(
  'data_sync_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    status: dataSyncStatus().notNull().default('requested'),
    // No foreign key, as in the audit log: the record outlives the account that asked.
    requestedByUserId: uuid(),
    requestedByEmail: text(),
    requestedAt: createdAt(),
    startedAt: timestamptz(),
    completedAt: timestamptz(),
    lastError: text(),
  },
  (t) => [
    // One request waiting or running per merchant: asking again answers that one.
    uniqueIndex('data_sync_requests_open_unique')
      .on(t.clientId)
      .where(sql`${t.status} in ('requested', 'running')`),
    // The job picks the oldest waiting request.
    index('data_sync_requests_status_idx').on(t.status, t.requestedAt),
    index('data_sync_requests_client_idx').on(t.clientId, t.requestedAt),
  ],
);
