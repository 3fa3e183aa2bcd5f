import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt } from './columns';
import { enrollments } from './enrollments';
import { noteCategory } from './enums';
import { users } from './users';

// Notes and events of a client or an enrollment. Events (is_event) are written by the system, e.g.
// processor enablement results.
export const notes = pgTable(
  'notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    enrollmentId: uuid().references(() => enrollments.id, { onDelete: 'cascade' }),
    domain: text(),
    // e.g. 'KYC' for the enrollment page's KYC notes panel.
    subDomain: text(),
    category: noteCategory().notNull().default('note'),
    comment: text(),
    data: jsonb().$type<Record<string, unknown>>(),
    origin: text().notNull().default('Portal'),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    isEvent: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Statement notes are global; every other note belongs to a client or an enrollment.
    check(
      'notes_owner_present',
      sql`${t.category} = 'statementNote' or ${t.clientId} is not null or ${t.enrollmentId} is not null`,
    ),
    // Notes / events of a client, newest first.
    index('notes_client_created_idx').on(t.clientId, t.isEvent, t.createdAt),
    index('notes_enrollment_created_idx').on(t.enrollmentId, t.createdAt),
    // GET api/notes/statement lists the global statement notes.
    index('notes_category_created_idx').on(t.category, t.createdAt),
  ],
);
