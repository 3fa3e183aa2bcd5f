import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isRecord, parserOf, readArrayOf, readStringField } from '../../../lib/response-parsers';
import { authKeys } from './keys';

export type DevMailboxMessage = {
  id: string;
  to: string[];
  subject: string;
  text: string | null;
  createdAt: string;
};

function readNullableString(record: Record<string, unknown>, key: string): string | null | undefined {
  const value = record[key];
  if (value === null) return null;
  return typeof value === 'string' ? value : undefined;
}

// Mirrors devMailboxMessageSchema of contracts/auth/dev-mailbox (a test keeps them in step); by hand
// because the login page asks whether the mailbox exists and loads without zod. The html part is
// never read: the page shows the text with its links, so nothing from a message is rendered as HTML.
export function readDevMailboxMessage(value: unknown): DevMailboxMessage | undefined {
  if (!isRecord(value)) return undefined;
  const id = readStringField(value, 'id');
  const subject = readStringField(value, 'subject');
  const createdAt = readStringField(value, 'created_at');
  const text = readNullableString(value, 'text');
  const to = readArrayOf(value.to, (item) => (typeof item === 'string' ? item : undefined));
  if (id === undefined || subject === undefined || createdAt === undefined) return undefined;
  if (text === undefined || to === undefined) return undefined;
  return { id, to, subject, text, createdAt };
}

const devMailboxParser = parserOf((value) => readArrayOf(value, readDevMailboxMessage));

// GET /api/dev/mailbox: only in development without SMTP; elsewhere it answers 404.
export function getDevMailbox({ signal }: { signal?: AbortSignal } = {}): Promise<DevMailboxMessage[]> {
  return apiRequest('/api/dev/mailbox', { schema: devMailboxParser, signal });
}

export function devMailboxQueryOptions() {
  return queryOptions({
    queryKey: authKeys.devMailbox(),
    queryFn: ({ signal }) => getDevMailbox({ signal }),
    // A 404 means "no mailbox here": asking again will not change it.
    retry: false,
    staleTime: 5_000,
  });
}

export function useDevMailbox(options: { refetchIntervalMs?: number } = {}) {
  return useQuery({ ...devMailboxQueryOptions(), refetchInterval: options.refetchIntervalMs });
}
