import type { ExistingSignInMethod } from './login-query.utils';

// Linking a second sign-in method: the user chose Continue in the retry modal; after the next successful sign-in the
// portal asks the server to link the waiting credential. Per tab, like the original's session item.
export const PENDING_LINK_STORAGE_KEY = 'portico.pending-link';

export function rememberPendingLink(method: ExistingSignInMethod): void {
  try {
    sessionStorage.setItem(PENDING_LINK_STORAGE_KEY, method);
  } catch {
    // Storage blocked: the link simply is not offered after sign-in.
  }
}

export function hasPendingLink(): boolean {
  try {
    return sessionStorage.getItem(PENDING_LINK_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function forgetPendingLink(): void {
  try {
    sessionStorage.removeItem(PENDING_LINK_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
