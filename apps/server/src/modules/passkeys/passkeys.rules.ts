// The relying party is the portal's public address: its host name is the RP ID a passkey is bound to,
// its origin the only one a browser's answer may name.
export type RelyingParty = { id: string; name: string; origin: string };

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: 'Portico', origin: url.origin };
}

// Why the verification library refused an answer, in a word the audit entry keeps (its message may
// quote values from the answer; none of them is kept).
export function refusalReasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/counter/i.test(message)) return 'counter_not_increased';
  if (/origin/i.test(message)) return 'wrong_origin';
  if (/RP ID/i.test(message)) return 'wrong_rp_id';
  if (/challenge/i.test(message)) return 'wrong_challenge';
  if (/user verif/i.test(message)) return 'user_not_verified';
  return 'not_verified';
}

// The UUID of a user as the 16 bytes WebAuthn keeps as the user handle (no e-mail or name in it).
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));
}

export function userIdOfHandle(handle: Buffer): string | null {
  if (handle.length !== 16) return null;
  const hex = handle.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
