import { describe, expect, it } from 'vitest';
import {
  createNoteBody,
  createStatementNoteBody,
  isNoteCategoryVisibleTo,
  NoteText,
  noteCategoriesCreatableBy,
  notesListQuery,
  sortNotesNewestFirst,
} from './notes';

const enrollmentId = '0b6c2f4e-8d7a-4e1b-9c3d-2a5f6e7d8c9b';

describe('createNoteBody', () => {
  it('takes a note by enrollment or by client, trimmed, origin Portal', () => {
    expect(
      createNoteBody.parse({ comment: '  Called the owner ', enrollment_id: enrollmentId, origin: 'Portal' }),
    ).toEqual({
      comment: 'Called the owner',
      enrollment_id: enrollmentId,
      origin: 'Portal',
    });
    expect(createNoteBody.parse({ comment: 'x', client_id: enrollmentId })).toMatchObject({
      origin: 'Portal',
    });
  });

  it("answers 'Description is required' for a blank comment", () => {
    const result = createNoteBody.safeParse({ comment: '   ', client_id: enrollmentId, origin: 'Portal' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.message === NoteText.DescriptionRequired)).toBe(true);
  });

  it('refuses unknown keys, another origin, both owners and a too long comment', () => {
    expect(createNoteBody.safeParse({ comment: 'x', client_id: enrollmentId, extra: 1 }).success).toBe(false);
    expect(createNoteBody.safeParse({ comment: 'x', client_id: enrollmentId, origin: 'Email' }).success).toBe(
      false,
    );
    expect(
      createNoteBody.safeParse({ comment: 'x', client_id: enrollmentId, enrollment_id: enrollmentId })
        .success,
    ).toBe(false);
    expect(createNoteBody.safeParse({ comment: 'x'.repeat(5001), client_id: enrollmentId }).success).toBe(
      false,
    );
  });
});

describe('notesListQuery', () => {
  it('needs exactly one of enrollment_id and id', () => {
    expect(notesListQuery.safeParse({ enrollment_id: enrollmentId }).success).toBe(true);
    expect(notesListQuery.safeParse({ id: enrollmentId, is_event: 'true' }).success).toBe(true);
    expect(notesListQuery.safeParse({}).success).toBe(false);
    expect(notesListQuery.safeParse({ id: enrollmentId, enrollment_id: enrollmentId }).success).toBe(false);
  });
});

describe('categories by role', () => {
  it('keeps risk and do-not-call notes among staff', () => {
    expect(isNoteCategoryVisibleTo('admin', 'risk')).toBe(true);
    expect(isNoteCategoryVisibleTo('healnow', 'dnc')).toBe(true);
    expect(isNoteCategoryVisibleTo('parent', 'risk')).toBe(false);
    expect(isNoteCategoryVisibleTo('user', 'dnc')).toBe(false);
    expect(isNoteCategoryVisibleTo('user', 'note')).toBe(true);
  });

  it('lets staff tag any category but system, others plain notes only', () => {
    expect(noteCategoriesCreatableBy('admin')).toEqual([
      'risk',
      'operations',
      'note',
      'dnc',
      'statementNote',
    ]);
    expect(noteCategoriesCreatableBy('parent')).toEqual(['note']);
    expect(noteCategoriesCreatableBy('user')).toEqual(['note']);
  });
});

describe('statement notes', () => {
  it('need a text', () => {
    expect(createStatementNoteBody.safeParse({ text: ' ' }).success).toBe(false);
    expect(createStatementNoteBody.parse({ text: ' Holiday hours ' })).toEqual({ text: 'Holiday hours' });
  });
});

describe('sortNotesNewestFirst', () => {
  it('orders by time, newest first, ties by id', () => {
    const notes = [
      { id: 'a', created_at: '2026-01-01T00:00:00.000Z' },
      { id: 'c', created_at: '2026-03-01T00:00:00.000Z' },
      { id: 'b', created_at: '2026-03-01T00:00:00.000Z' },
    ];
    expect(sortNotesNewestFirst(notes).map((note) => note.id)).toEqual(['c', 'b', 'a']);
  });
});
