import { base32Encode, type HmacSha1 } from './totp';

// The demo data's authenticator apps. Demo accounts come with an authenticator already set up, so a
// fresh start signs in with a second factor like production does. Each key is derived from the
// account's e-mail address by this one rule, so the seed, the start-up banner, the README's table and
// the end-to-end helpers agree without a key list to keep in step. Demo data only: a real person's key
// is random and never leaves the server after set-up.
const DEMO_AUTHENTICATOR_LABEL = 'Portico demo authenticator';

export function demoAuthenticatorSecret(email: string, hmac: HmacSha1): string {
  const encoder = new TextEncoder();
  return base32Encode(hmac(encoder.encode(DEMO_AUTHENTICATOR_LABEL), encoder.encode(email.toLowerCase())));
}
