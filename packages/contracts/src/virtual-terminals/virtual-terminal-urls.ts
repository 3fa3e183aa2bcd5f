import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// GET /api/virtualterminalurl: the configured virtual terminals of the merchant whose API key is the
// bearer token, or one of them with ?id=.

export const VirtualTerminalText = {
  // Validation texts.
  ApiKeyRequired: 'API key is required',
  TerminalNotFound: 'Terminal not found',
} as const;

export const VirtualTerminalErrorCode = {
  ApiKeyRequired: 'VIRTUAL_TERMINAL_API_KEY_REQUIRED',
  TerminalNotFound: 'VIRTUAL_TERMINAL_NOT_FOUND',
} as const;

export const virtualTerminalCustomFieldTypes = ['text', 'checkbox', 'radio', 'dropdown', 'date'] as const;

// Custom field: name, type, required, requireForGuest, values.
export const virtualTerminalCustomFieldSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  type: z.enum(virtualTerminalCustomFieldTypes),
  values: z.array(z.string()).optional(),
  required: z.boolean().optional(),
  requireForGuest: z.boolean().optional(),
});
export type VirtualTerminalCustomField = z.infer<typeof virtualTerminalCustomFieldSchema>;

export const virtualTerminalUrlSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  // The payment frame address with its base64 JSON 'params' query.
  url: z.string(),
  is_active: z.boolean(),
  customFields: z.array(virtualTerminalCustomFieldSchema),
  // The short public code of /url/{url_id}.
  url_id: z.string(),
});
export type VirtualTerminalUrl = z.infer<typeof virtualTerminalUrlSchema>;

export const virtualTerminalUrlQuery = z.object({ id: z.uuid().optional() });

// The merchant's API key as "Authorization: Bearer {apikey}".
export const virtualTerminalUrlHeaders = z.object({ authorization: z.string().max(500).optional() });

// A list without ?id=, one record with it.
export const virtualTerminalUrlListResponse = successEnvelope(z.array(virtualTerminalUrlSchema));
export const virtualTerminalUrlResponse = successEnvelope(
  z.union([virtualTerminalUrlSchema, z.array(virtualTerminalUrlSchema)]),
);

// 'Bearer abc' -> 'abc'; anything else is no key.
export function bearerTokenOf(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

// The virtual terminal page's choice on load without terminalId: the first active
// terminal, else the first.
export function defaultVirtualTerminal<T extends { is_active: boolean }>(
  terminals: readonly T[],
): T | undefined {
  return terminals.find((terminal) => terminal.is_active) ?? terminals[0];
}
