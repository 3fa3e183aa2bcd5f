import { type DocumentRow, documentsListResponse } from '@portico/contracts/documents/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DocumentsSubject, documentsListQueryOf } from '../utils/documents-subject';
import { documentsKeys } from './keys';

const documentsSchema = documentsListResponse.shape.message;

// GET api/documents?clientid= or ?enrollment_id=.
export function getDocuments(
  subject: DocumentsSubject,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DocumentRow[]> {
  return apiRequest('/api/documents', {
    schema: documentsSchema,
    query: documentsListQueryOf(subject),
    signal,
  });
}

export function documentsQueryOptions(subject: DocumentsSubject) {
  return queryOptions({
    queryKey: documentsKeys.list(subject),
    queryFn: ({ signal }) => getDocuments(subject, { signal }),
  });
}

export function useDocuments(subject: DocumentsSubject) {
  return useQuery(documentsQueryOptions(subject));
}
