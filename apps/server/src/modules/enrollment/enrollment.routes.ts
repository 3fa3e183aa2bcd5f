import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import { maxDocumentRequestLength } from '@portico/contracts/documents/documents';
import {
  approvedMccCodesResponse,
  enrollBody,
  enrollResponse,
  onboardingListResponse,
  parentAssignmentResponse,
} from '@portico/contracts/enrollment/enroll';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { approvedMccCodes, assignableParents, enroll, onboardingRows } from './enrollment.service';

// The enroll page is for admin and user with the Permissions permission
// (hasPermission); parents enroll under their own parent; healnow staff, whom the menu offers Create
// Enrollment, under any parent (no dead ends in the menu).
const enrollRoles = ['admin', 'user', 'parent', 'healnow'] as const;
const enrollAccess = { kind: 'authenticated', roles: enrollRoles, permission: 'Permissions' } as const;
const errors = errorResponses(401, 403);

export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/approved-mcc-codes',
    {
      config: { access: enrollAccess },
      schema: {
        tags: ['enrollment'],
        summary: 'Approved MCC codes of the enroll form: map of code to description',
        response: { 200: approvedMccCodesResponse, ...errors },
      },
    },
    async () => ({ status: true as const, message: await approvedMccCodes(app.db) }),
  );

  app.get(
    '/api/parent-assignment',
    {
      config: { access: enrollAccess },
      schema: {
        tags: ['enrollment'],
        summary: 'Parents the caller may enroll under',
        response: { 200: parentAssignmentResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await assignableParents(app.db, callerOf(request)),
    }),
  );

  app.post(
    '/api/enroll',
    {
      config: { access: enrollAccess },
      // The agreement travels as base64 text in the JSON body.
      bodyLimit: maxDocumentRequestLength,
      schema: {
        tags: ['enrollment'],
        summary: 'Enroll a merchant, partner or agent; sensitive numbers are stored encrypted',
        body: enrollBody,
        response: { 200: enrollResponse, 400: errorEnvelope, 415: errorEnvelope, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await enroll(
        { db: app.db, cipher: app.fieldCipher, mail: app.mail },
        callerOf(request),
        request.body,
      ),
    }),
  );

  app.get(
    '/api/portal/onboarding-meta',
    {
      // Users: the parent members the menu offers Onboarding to, scoped by the service.
      config: { access: { kind: 'authenticated', roles: ['admin', 'healnow', 'user'] } },
      schema: {
        tags: ['enrollment'],
        summary: 'Onboarding grid: the enrollments the caller reaches, newest first',
        response: { 200: onboardingListResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, message: await onboardingRows(app.db, callerOf(request)) }),
  );
};
