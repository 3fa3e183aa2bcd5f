// Who the builder's calls act as: a typed or address key (nobody signed in), or the signed-in user
// for one of their merchants (the session is the credential; no key is sent).
export type LinkCredential = { kind: 'key'; key: string } | { kind: 'session'; clientId: string };

// The address of a merchant call of the signed-in builder.
export function merchantLinkPath(clientId: string, call: 'link-config' | 'terminals' | 'sign'): string {
  return `/api/payment-links/merchants/${encodeURIComponent(clientId)}/${call}`;
}

// The request of a call that reads the merchant: the key as bearer, or the merchant in the path.
export function merchantRequestOf(
  credential: LinkCredential,
  keyPath: string,
  call: 'link-config' | 'terminals',
): { path: string; headers: Record<string, string> } {
  return credential.kind === 'key'
    ? { path: keyPath, headers: { Authorization: `Bearer ${credential.key}` } }
    : { path: merchantLinkPath(credential.clientId, call), headers: {} };
}

// A query key part naming the credential (the merchant, or the key the calls are scoped by).
export function credentialKeyOf(credential: LinkCredential | null): string {
  if (credential === null) return '';
  return credential.kind === 'key' ? `key:${credential.key}` : `merchant:${credential.clientId}`;
}
