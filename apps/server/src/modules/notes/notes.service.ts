import {
  type CreateNoteBody,
  isNoteCategoryVisibleTo,
  NoteErrorCode,
  type NoteRow,
  type NotesListQuery,
  NoteText,
  noteCategories,
  noteCategoriesCreatableBy,
  noteOrigin,
  type StatementNote,
} from '@portico/contracts/notes/notes';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { authorizeEnrollment, requireReviewRole } from '../../access/owner-access';
import type { Db } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import {
  findNote,
  insertNote,
  listNotes,
  listStatementNotes,
  type NoteOwnerFilter,
  type NoteRecord,
} from './notes.repository';

export const NoteError = defineErrors({
  EnrollmentNotFound: [NoteErrorCode.EnrollmentNotFound, 'not_found'],
  ClientNotFound: ['NOTE_CLIENT_NOT_FOUND', 'not_found'],
});

function authorOf(record: NoteRecord): string | null {
  const name = record.authorName?.trim();
  return name ? name : (record.authorEmail ?? null);
}

export function toNoteRow(record: NoteRecord): NoteRow {
  return {
    id: record.id,
    comment: record.comment,
    created_at: record.createdAt.toISOString(),
    enrollment_id: record.enrollmentId,
    client_id: record.clientId,
    origin: record.origin,
    category: record.category,
    domain: record.domain,
    sub_domain: record.subDomain,
    is_event: record.isEvent,
    data: record.data ?? null,
    author: authorOf(record),
  };
}

function toStatementNote(record: NoteRecord): StatementNote {
  return [record.id, 'statementNote', authorOf(record), record.comment ?? '', record.createdAt.toISOString()];
}

const enrollmentDenial = {
  code: NoteErrorCode.EnrollmentNotesNotAllowed,
  message: NoteText.EnrollmentNotesNotAllowed,
};
const eventsDenial = { code: NoteErrorCode.EventsNotAllowed, message: NoteText.EventsNotAllowed };

// The client id was checked by the access layer (merchant selector); staff may name one that does
// not exist, which is a 404 rather than an empty list or a failed insert.
function requireExistingClient(caller: Caller): void {
  if (caller.merchant && !caller.merchant.merchantExists) {
    throw NoteError.ClientNotFound('Client not found');
  }
}

export async function listNotesFor(db: Db, caller: Caller, query: NotesListQuery): Promise<NoteRow[]> {
  let owner: NoteOwnerFilter;
  if (query.enrollment_id !== undefined) {
    await requireReviewRole(caller, enrollmentDenial);
    const enrollment = await authorizeEnrollment(db, caller, query.enrollment_id, () =>
      NoteError.EnrollmentNotFound(NoteText.EnrollmentNotFound),
    );
    owner = { kind: 'enrollment', enrollmentId: enrollment.enrollmentId };
  } else if (query.id !== undefined) {
    const isEvent = query.is_event === 'true';
    if (isEvent) await requireReviewRole(caller, eventsDenial);
    requireExistingClient(caller);
    owner = { kind: 'client', clientId: query.id, isEvent };
  } else {
    return [];
  }
  const categories = noteCategories.filter((category) =>
    isNoteCategoryVisibleTo(caller.actingRole, category),
  );
  const records = await listNotes(db, owner, { categories, subDomain: query.sub_domain });
  return records.map(toNoteRow);
}

export async function createNote(db: Db, caller: Caller, body: CreateNoteBody): Promise<NoteRow> {
  const category = body.category ?? 'note';
  if (!noteCategoriesCreatableBy(caller.actingRole).includes(category)) {
    await denyAccess(caller, 'role', {
      code: NoteErrorCode.CategoryNotAllowed,
      message: NoteText.CategoryNotAllowed,
    });
  }
  let owner: { clientId: string | null; enrollmentId: string | null };
  if ('enrollment_id' in body) {
    await requireReviewRole(caller, enrollmentDenial);
    const enrollment = await authorizeEnrollment(db, caller, body.enrollment_id, () =>
      NoteError.EnrollmentNotFound(NoteText.EnrollmentNotFound),
    );
    owner = { clientId: null, enrollmentId: enrollment.enrollmentId };
  } else {
    requireExistingClient(caller);
    owner = { clientId: body.client_id, enrollmentId: null };
  }
  return db.transaction(async (tx) => {
    const id = await insertNote(tx, {
      ...owner,
      category,
      comment: body.comment,
      origin: body.origin,
      domain: owner.enrollmentId ? 'enrollment' : 'account',
      createdByUserId: caller.session.userId,
    });
    const record = await findNote(tx, id);
    if (!record) throw new Error('the note just written is missing');
    return toNoteRow(record);
  });
}

export async function statementNotes(db: Db): Promise<StatementNote[]> {
  const records = await listStatementNotes(db);
  return records.map(toStatementNote);
}

export async function createStatementNote(db: Db, caller: Caller, text: string): Promise<StatementNote> {
  return db.transaction(async (tx) => {
    const id = await insertNote(tx, {
      clientId: null,
      enrollmentId: null,
      category: 'statementNote',
      comment: text,
      origin: noteOrigin,
      domain: 'statement',
      createdByUserId: caller.session.userId,
    });
    const record = await findNote(tx, id);
    if (!record) throw new Error('the note just written is missing');
    return toStatementNote(record);
  });
}
