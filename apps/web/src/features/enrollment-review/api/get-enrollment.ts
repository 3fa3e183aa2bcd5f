import {
  type EnrollmentRecord,
  enrollmentRecordResponse,
} from '@portico/contracts/enrollment/enrollment-record';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { enrollmentReviewKeys } from './keys';

const recordSchema = enrollmentRecordResponse.shape.message;

// GET /api/enroll?id={id}: the record, sensitive numbers masked by the server.
export function getEnrollment(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<EnrollmentRecord> {
  return apiRequest('/api/enroll', { schema: recordSchema, query: { id }, signal });
}

export function enrollmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: enrollmentReviewKeys.record(id),
    queryFn: ({ signal }) => getEnrollment(id, { signal }),
  });
}

export function useEnrollment(id: string) {
  return useQuery(enrollmentQueryOptions(id));
}
