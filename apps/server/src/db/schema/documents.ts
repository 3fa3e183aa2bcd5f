import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { bytea, createdAt, storedFileColumns } from './columns';
import { enrollments } from './enrollments';
import { users } from './users';

// Content of uploaded files, addressed by a generated key. Keeping blobs in the database makes the
// embedded PGlite default self-contained; a storage integration may keep them elsewhere by key.
export const fileBlobs = pgTable('file_blobs', {
  storageKey: text().primaryKey(),
  content: bytea().notNull(),
  createdAt: createdAt(),
});

// Documents uploaded to a client or an enrollment.
export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    enrollmentId: uuid().references(() => enrollments.id, { onDelete: 'cascade' }),
    tag: text(),
    note: varchar({ length: 200 }),
    ...storedFileColumns(),
    uploadedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    dateTimeUploaded: createdAt(),
  },
  (t) => [
    check('documents_owner_present', sql`${t.clientId} is not null or ${t.enrollmentId} is not null`),
    uniqueIndex('documents_storage_key_unique').on(t.storageKey),
    // Documents grids are sorted by upload date, newest first.
    index('documents_client_uploaded_idx').on(t.clientId, t.dateTimeUploaded),
    index('documents_enrollment_uploaded_idx').on(t.enrollmentId, t.dateTimeUploaded),
  ],
);

export type Document = typeof documents.$inferSelect;
