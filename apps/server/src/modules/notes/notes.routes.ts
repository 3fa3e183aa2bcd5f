import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  createNoteBody,
  createNoteResponse,
  createStatementNoteBody,
  createStatementNoteResponse,
  notesListQuery,
  notesListResponse,
  statementNotesResponse,
} from '@portico/contracts/notes/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { createNote, createStatementNote, listNotesFor, statementNotes } from './notes.service';

// Alpha administers permissions and locations only; it has no notes.
const notesRoles = ['admin', 'healnow', 'parent', 'user'] as const;
const errors = errorResponses(400, 401, 403, 404);

export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/notes',
    {
      // A client id in the body is checked by the access plugin; an enrollment id by the service.
      config: {
        access: { kind: 'authenticated', roles: notesRoles, merchant: { from: 'body', key: 'client_id' } },
      },
      schema: {
        tags: ['notes'],
        summary: 'Add a note to a client or an enrollment (origin Portal)',
        body: createNoteBody,
        response: { 200: createNoteResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await createNote(app.db, callerOf(request), request.body),
    }),
  );

  app.get(
    '/api/notes',
    {
      config: {
        access: { kind: 'authenticated', roles: notesRoles, merchant: { from: 'query', key: 'id' } },
      },
      schema: {
        tags: ['notes'],
        summary:
          'Notes of an enrollment (?enrollment_id=) or a client (?id=, events with &is_event=true), newest first',
        querystring: notesListQuery,
        response: { 200: notesListResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await listNotesFor(app.db, callerOf(request), request.query),
    }),
  );

  app.get(
    '/api/notes/statement',
    {
      // Every statement shows them (the statement page is for admin, parent and user).
      config: { access: { kind: 'authenticated', roles: notesRoles } },
      schema: {
        tags: ['notes'],
        summary: 'Statement notes as [id, category, author, text, posted at], newest first',
        response: { 200: statementNotesResponse, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async () => ({ status: true as const, message: await statementNotes(app.db) }),
  );

  app.post(
    '/api/notes/statement',
    {
      // A statement note appears on every merchant's statement: the provider's administrators only.
      config: { access: { kind: 'authenticated', roles: ['admin'] } },
      schema: {
        tags: ['notes'],
        summary: 'Add a statement note (shown on every statement)',
        body: createStatementNoteBody,
        response: {
          200: createStatementNoteResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
        },
      },
    },
    async (request) => ({
      status: true as const,
      message: await createStatementNote(app.db, callerOf(request), request.body.text),
    }),
  );
};
