import type { NoteCategory } from '@portico/contracts/notes/notes';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notes } from '../../db/schema/notes';
import { users } from '../../db/schema/users';

// Lists are bounded: a notes panel never needs more than the newest few hundred.
export const maxListedNotes = 500;

const noteColumns = {
  id: notes.id,
  comment: notes.comment,
  createdAt: notes.createdAt,
  enrollmentId: notes.enrollmentId,
  clientId: notes.clientId,
  origin: notes.origin,
  category: notes.category,
  domain: notes.domain,
  subDomain: notes.subDomain,
  isEvent: notes.isEvent,
  data: notes.data,
  authorName: users.name,
  authorEmail: users.email,
};

export type NoteOwnerFilter =
  | { kind: 'client'; clientId: string; isEvent: boolean }
  | { kind: 'enrollment'; enrollmentId: string };

// Newest first; the (client_id, is_event, created_at) and (enrollment_id, created_at) indexes serve it.
export async function listNotes(
  executor: Executor,
  owner: NoteOwnerFilter,
  filter: { categories: readonly NoteCategory[]; subDomain: string | undefined },
) {
  const conditions: (SQL | undefined)[] = [
    owner.kind === 'client'
      ? and(eq(notes.clientId, owner.clientId), eq(notes.isEvent, owner.isEvent))
      : eq(notes.enrollmentId, owner.enrollmentId),
    inArray(notes.category, [...filter.categories]),
    filter.subDomain === undefined ? undefined : eq(notes.subDomain, filter.subDomain),
  ];
  return executor
    .select(noteColumns)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.createdByUserId))
    .where(and(...conditions))
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(maxListedNotes);
}

export type NoteRecord = Awaited<ReturnType<typeof listNotes>>[number];

export async function findNote(executor: Executor, id: string): Promise<NoteRecord | undefined> {
  const [row] = await executor
    .select(noteColumns)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.createdByUserId))
    .where(eq(notes.id, id));
  return row;
}

export type NewNote = {
  clientId: string | null;
  enrollmentId: string | null;
  category: NoteCategory;
  comment: string;
  origin: string;
  domain: string | null;
  createdByUserId: string;
};

export async function insertNote(executor: Executor, note: NewNote): Promise<string> {
  const [row] = await executor
    .insert(notes)
    .values({ ...note, data: { message: note.comment }, isEvent: false })
    .returning({ id: notes.id });
  if (!row) throw new Error('note insert returned nothing');
  return row.id;
}

// The global statement notes (no client, no enrollment), newest first.
export async function listStatementNotes(executor: Executor) {
  return executor
    .select(noteColumns)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.createdByUserId))
    .where(and(eq(notes.category, 'statementNote'), isNull(notes.clientId), isNull(notes.enrollmentId)))
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(maxListedNotes);
}
