import {
  createTransactionNoteResponse,
  type TransactionNote,
  transactionNotesResponse,
} from '@portico/contracts/risk/risk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { riskKeys } from './keys';

// GET /api/transaction-monitoring/notes/{transactionId}: the notes of one transaction.
export function transactionNotesQueryOptions(transactionId: string) {
  return queryOptions<TransactionNote[]>({
    queryKey: riskKeys.notes(transactionId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/transaction-monitoring/notes/${encodeURIComponent(transactionId)}`, {
        schema: transactionNotesResponse.shape.message,
        signal,
      }),
  });
}

export function useTransactionNotes(transactionId: string) {
  return useQuery(transactionNotesQueryOptions(transactionId));
}

export type NewNote = { transactionId: string; content: string; file: File | null };

// POST /api/transaction-monitoring/notes as multipart, with at most one file part.
export function addTransactionNote({ transactionId, content, file }: NewNote): Promise<TransactionNote> {
  const form = new FormData();
  form.set('transaction_id', transactionId);
  form.set('content', content);
  if (file) form.set('file', file, file.name);
  return apiRequest('/api/transaction-monitoring/notes', {
    method: 'POST',
    body: form,
    schema: createTransactionNoteResponse.shape.message,
  });
}

export function useAddTransactionNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTransactionNote,
    // A note closes the transaction's alerts: the lists' has_notes and the dashboard's count change.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

// GET /api/transaction-monitoring/attachments/{id} answers the file itself: saved under its name.
export async function downloadAttachment(attachment: { id: string; file_name: string }): Promise<void> {
  const response = await fetch(
    `/api/transaction-monitoring/attachments/${encodeURIComponent(attachment.id)}`,
    {
      credentials: 'include',
    },
  );
  if (!response.ok) throw new Error(`attachment download answered ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = attachment.file_name;
    link.click();
  } finally {
    URL.revokeObjectURL(url);
  }
}
