import type { DocumentsSubject } from '../utils/documents-subject';

export const documentsKeys = {
  all: ['documents'] as const,
  list: (subject: DocumentsSubject) => [...documentsKeys.all, 'list', subject.kind, subject.id] as const,
};
