import { ApiError } from '../api-client';

// What to tell the person about a failed passkey step: the server's text, or the browser's refusal
// in words (PasskeyCeremonyError), else the caller's fallback.
export function passkeyErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.name === 'PasskeyCeremonyError') return error.message;
  return fallback;
}
