import { mimicLinkTokenKey } from '@portico/contracts/access/mimic';

// The mimic link carries its token in the fragment (#mimic_token=…): read it, or nothing.
export function mimicTokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get(mimicLinkTokenKey);
  return token !== null && /^[A-Za-z0-9_-]{20,512}$/.test(token) ? token : null;
}
