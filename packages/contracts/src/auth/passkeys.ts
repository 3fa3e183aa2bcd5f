import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { signInResult } from './sign-in';

// Passkeys (WebAuthn credentials): a second factor after the first, and a whole sign-in on their own.

export const PasskeyErrorCode = {
  NotVerified: 'PASSKEY_NOT_VERIFIED',
  ChallengeExpired: 'PASSKEY_CHALLENGE_EXPIRED',
  Unknown: 'PASSKEY_UNKNOWN',
  NotFound: 'PASSKEY_NOT_FOUND',
  AlreadyRegistered: 'PASSKEY_ALREADY_REGISTERED',
  NoneRegistered: 'PASSKEY_NONE_REGISTERED',
} as const;

export const PasskeyText = {
  NotVerified: 'The passkey could not be verified. Try again.',
  ChallengeExpired: 'The passkey request has expired. Try again.',
  Unknown: 'This passkey is not registered with Portico.',
  NotYours: 'This passkey is not registered to your account.',
  NotFound: 'This passkey does not exist.',
  AlreadyRegistered: 'This passkey is already registered.',
  NoneRegistered: 'You have no passkey.',
  NameRequired: 'Enter a name for the passkey.',
  // Shown by the browser side when the person closes the passkey prompt or the device has none.
  Cancelled: 'The passkey request was cancelled or timed out.',
  Unsupported: 'This browser cannot use passkeys.',
} as const;

// How long a passkey request (its challenge) may be answered; it works once.
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;

export const passkeyName = z.string().trim().min(1, PasskeyText.NameRequired).max(PASSKEY_NAME_MAX);

// One of the caller's passkeys as the Settings page lists it.
export const passkeyItem = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;
export const passkeyList = z.object({ passkeys: z.array(passkeyItem) });
export type PasskeyList = z.infer<typeof passkeyList>;
export const passkeyListResponse = successEnvelope(passkeyList);
export const passkeyItemResponse = successEnvelope(passkeyItem);
// A passkey added: a user's first second factor without an authenticator app also gets recovery
// codes, answered this once (null otherwise).
export const passkeyRegistered = passkeyItem.extend({ recovery_codes: z.array(z.string()).nullable() });
export type PasskeyRegistered = z.infer<typeof passkeyRegistered>;
export const passkeyRegisteredResponse = successEnvelope(passkeyRegistered);

export const passkeyParams = z.strictObject({ passkey_id: z.uuid() });
export const passkeyRenameBody = z.strictObject({ name: passkeyName });
export const passkeyRemoved = z.object({ is_removed: z.literal(true) });
export const passkeyRemovedResponse = successEnvelope(passkeyRemoved);

// The options handed to navigator.credentials (WebAuthn's JSON form); the browser library reads them.
export const passkeyCreationOptions = z.looseObject({ challenge: z.string() });
export const passkeyCreationOptionsResponse = successEnvelope(passkeyCreationOptions);
export const passkeyRequestOptions = z.looseObject({ challenge: z.string() });
export const passkeyRequestOptionsResponse = successEnvelope(passkeyRequestOptions);

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
const transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const credentialBase = {
  id: b64url.min(1).max(1_400),
  rawId: b64url.min(1).max(1_400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

// What the browser answers navigator.credentials.create with (attestation).
export const passkeyRegistrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: b64url.optional(),
    transports: z.array(transport).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
});

// What the browser answers navigator.credentials.get with (assertion).
export const passkeyAuthenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
});

// POST /api/passkeys/registration: the name the person gave and the browser's answer.
export const passkeyRegistrationBody = z.strictObject({
  name: passkeyName,
  response: passkeyRegistrationResponse,
});
export type PasskeyRegistrationBody = z.infer<typeof passkeyRegistrationBody>;

// POST /api/second-factor/passkey and POST /api/auth/passkey/sign-in.
export const passkeyAssertionBody = z.strictObject({ response: passkeyAuthenticationResponse });
export type PasskeyAssertionBody = z.infer<typeof passkeyAssertionBody>;
export const passkeySignInResponse = successEnvelope(signInResult);
