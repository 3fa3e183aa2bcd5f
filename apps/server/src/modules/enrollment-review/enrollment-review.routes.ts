import { errorResponses } from '@portico/contracts/common/envelope';
import {
  enrollmentEditBody,
  enrollmentEditResponse,
  enrollmentRecordQuery,
  enrollmentRecordResponse,
} from '@portico/contracts/enrollment/enrollment-record';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { editEnrollment, getEnrollmentRecord } from './enrollment-review.service';

// The enrollment page is for admin, healnow and parents, and for the
// parent members the Onboarding grid opens it to; which enrollment a caller reaches is checked by the
// service (its hierarchy).
const reviewAccess = { kind: 'authenticated', roles: ['admin', 'healnow', 'parent', 'user'] } as const;
const errors = errorResponses(400, 401, 403, 404);

export const enrollmentReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/enroll',
    {
      config: { access: reviewAccess },
      schema: {
        tags: ['enrollment'],
        summary: 'One enrollment record for the enrollment page; SSNs, tax id and bank numbers masked',
        querystring: enrollmentRecordQuery,
        response: { 200: enrollmentRecordResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await getEnrollmentRecord(app.db, callerOf(request), request.query.id),
    }),
  );

  app.patch(
    '/api/enroll/edit',
    {
      config: { access: reviewAccess },
      schema: {
        tags: ['enrollment'],
        summary:
          'Edit an enrollment: meta is the record as a JSON string with its id; masked values keep what is stored',
        body: enrollmentEditBody,
        response: { 200: enrollmentEditResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await editEnrollment(app.db, app.fieldCipher, callerOf(request), request.body.meta),
    }),
  );
};
