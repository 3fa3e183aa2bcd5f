import { z } from 'zod';
import type { UserType } from '../auth/roles';
import { successEnvelope } from '../common/envelope';

// Notes and events of a client or an enrollment, and
// the global statement notes.

export const NoteText = {
  Created: 'Note was successfully created.',
  Failed: 'Something went wrong.',
  Empty: 'No notes found',
  DescriptionRequired: 'Description is required',
  FieldRequired: 'Field is required',
  TooLong: 'Note must be at most 5000 characters',
  StatementTooLong: 'Statement note must be at most 2000 characters',
  EnrollmentNotFound: 'Enrollment not found',
  CategoryNotAllowed: 'You may not write notes of this category',
  EventsNotAllowed: 'You may not read the events of this account',
  EnrollmentNotesNotAllowed: 'You may not read or write the notes of an enrollment',
} as const;

export const NoteErrorCode = {
  EnrollmentNotFound: 'NOTE_ENROLLMENT_NOT_FOUND',
  CategoryNotAllowed: 'NOTE_CATEGORY_NOT_ALLOWED',
  EventsNotAllowed: 'NOTE_EVENTS_NOT_ALLOWED',
  EnrollmentNotesNotAllowed: 'NOTE_ENROLLMENT_NOT_ALLOWED',
} as const;

// Note categories.
export const noteCategories = ['risk', 'operations', 'note', 'system', 'dnc', 'statementNote'] as const;
export type NoteCategory = (typeof noteCategories)[number];
export const noteCategorySchema = z.enum(noteCategories);

export const noteOrigin = 'Portal';
// The enrollment page's notes panel shows the KYC notes.
export const kycNoteSubDomain = 'KYC';

export const maxNoteLength = 5000;
export const maxStatementNoteLength = 2000;

function isStaffRole(role: UserType): boolean {
  return role === 'admin' || role === 'healnow';
}

// Risk assessments and do-not-call instructions are the provider's own working notes: only staff
// read or write them. 'system' notes are written by Portico itself, never through the API.
const staffOnlyCategories: readonly NoteCategory[] = ['risk', 'dnc'];

export function isNoteCategoryVisibleTo(role: UserType, category: NoteCategory): boolean {
  return isStaffRole(role) || !staffOnlyCategories.includes(category);
}

// What the note form may offer a role; the browser hides the other tags.
export function noteCategoriesCreatableBy(role: UserType): NoteCategory[] {
  if (!isStaffRole(role)) return ['note'];
  return noteCategories.filter((category) => category !== 'system');
}

const noteComment = z
  .string({ error: NoteText.DescriptionRequired })
  .trim()
  .min(1, NoteText.DescriptionRequired)
  .max(maxNoteLength, NoteText.TooLong);

const noteOriginSchema = z.literal(noteOrigin).default(noteOrigin);

// POST api/notes: by enrollment, or by client.
export const createNoteBody = z.union([
  z.strictObject({
    comment: noteComment,
    enrollment_id: z.uuid(),
    origin: noteOriginSchema,
    category: noteCategorySchema.optional(),
  }),
  z.strictObject({
    comment: noteComment,
    client_id: z.uuid(),
    origin: noteOriginSchema,
    category: noteCategorySchema.optional(),
  }),
]);
export type CreateNoteBody = z.infer<typeof createNoteBody>;

// GET api/notes?enrollment_id= | ?id={clientid}[&is_event=true][&sub_domain=KYC].
export const notesListQuery = z
  .object({
    enrollment_id: z.uuid().optional(),
    id: z.uuid().optional(),
    is_event: z.enum(['true', 'false']).optional(),
    sub_domain: z.string().min(1).max(100).optional(),
  })
  .refine((query) => (query.enrollment_id === undefined) !== (query.id === undefined), {
    message: 'Give either enrollment_id or id',
  });
export type NotesListQuery = z.infer<typeof notesListQuery>;

export const noteRowSchema = z.object({
  id: z.uuid(),
  comment: z.string().nullable(),
  created_at: z.iso.datetime(),
  enrollment_id: z.uuid().nullable(),
  client_id: z.uuid().nullable(),
  origin: z.string(),
  category: noteCategorySchema,
  domain: z.string().nullable(),
  sub_domain: z.string().nullable(),
  is_event: z.boolean(),
  // data.message, and what an event recorded.
  data: z.record(z.string(), z.unknown()).nullable(),
  // Name of the user who wrote it (e-mail when the name is blank); null for system entries.
  author: z.string().nullable(),
});
export type NoteRow = z.infer<typeof noteRowSchema>;

export const notesListResponse = successEnvelope(z.array(noteRowSchema));
export const createNoteResponse = successEnvelope(noteRowSchema);

// Statement notes: positional rows, index 3 the text and index 4 the posted date.
export const statementNoteSchema = z.tuple([
  z.uuid(),
  z.literal('statementNote'),
  z.string().nullable(),
  z.string(),
  z.iso.datetime(),
]);
export type StatementNote = z.infer<typeof statementNoteSchema>;
export const statementNotesResponse = successEnvelope(z.array(statementNoteSchema));

export const createStatementNoteBody = z.strictObject({
  text: z
    .string({ error: NoteText.DescriptionRequired })
    .trim()
    .min(1, NoteText.DescriptionRequired)
    .max(maxStatementNoteLength, NoteText.StatementTooLong),
});
export const createStatementNoteResponse = successEnvelope(statementNoteSchema);

// Newest first; ties by id so the order is stable.
export function sortNotesNewestFirst<T extends { created_at: string; id: string }>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => {
    const byTime = Date.parse(b.created_at) - Date.parse(a.created_at);
    return byTime !== 0 ? byTime : b.id.localeCompare(a.id);
  });
}
