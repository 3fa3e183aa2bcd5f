import { uploadDocumentResponse } from '@portico/contracts/documents/documents';
import { sendEmailResponse } from '@portico/contracts/email/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { portalEnv } from '../../../lib/portal-env';
import { type DocumentsSubject, uploadPathOf } from '../utils/documents-subject';
import { readFileAsDataUrl } from '../utils/read-file';
import { type SelectedUpload, uploadExtensionOf } from '../utils/upload-selection.utils';
import { documentsKeys } from './keys';

// POST api/documents/by-client/{id} or by-enrollment/{id}, one file at a time.
async function uploadOne(subject: DocumentsSubject, upload: SelectedUpload, hasTags: boolean): Promise<void> {
  await apiRequest(uploadPathOf(subject), {
    method: 'POST',
    schema: uploadDocumentResponse.shape.message,
    body: {
      ...(subject.kind === 'client' ? { clientid: subject.id } : {}),
      ...(hasTags ? { _tag_: upload.tag.trim() } : {}),
      ...(upload.note.trim() ? { note: upload.note.trim() } : {}),
      extension: uploadExtensionOf(upload.file),
      file_name: upload.file.name,
      contents: await readFileAsDataUrl(upload.file),
    },
  });
}

// After uploads, POST api/email tells support what arrived.
async function notifySupport(subject: DocumentsSubject, uploads: readonly SelectedUpload[]): Promise<void> {
  if (!portalEnv.supportEmail) return;
  await apiRequest('/api/email', {
    method: 'POST',
    schema: sendEmailResponse.shape.message,
    body: {
      to: portalEnv.supportEmail,
      subject: `${uploads.length} document(s) uploaded`,
      body: [
        `New documents for ${subject.kind} ${subject.id}:`,
        ...uploads.map((upload) => `- ${upload.file.name}${upload.tag ? ` (${upload.tag})` : ''}`),
      ].join('\n'),
    },
  });
}

export async function uploadDocuments(
  subject: DocumentsSubject,
  uploads: readonly SelectedUpload[],
  { hasTags }: { hasTags: boolean },
): Promise<void> {
  for (const upload of uploads) await uploadOne(subject, upload, hasTags);
  // The files are stored; a failed notice must not read as a failed upload.
  await notifySupport(subject, uploads).catch(() => undefined);
}

export function useUploadDocuments(subject: DocumentsSubject, options: { hasTags: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploads: readonly SelectedUpload[]) => uploadDocuments(subject, uploads, options),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKeys.list(subject) }),
  });
}
