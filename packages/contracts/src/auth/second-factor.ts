import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { signInResult } from './sign-in';

// The second factor: an authenticator app (TOTP) and single-use recovery codes.

export const SecondFactorText = {
  Required: 'Finish signing in with your authenticator app or passkey.',
  CodeNotValid: 'The code is not valid.',
  RecoveryCodeNotValid: 'The recovery code is not valid.',
  ChallengeEnded: 'Too many wrong codes. Sign in again.',
  NoChallenge: 'Your sign-in has expired. Sign in again.',
  AlreadyEnabled: 'An authenticator app is already set up.',
  NotEnabled: 'No authenticator app is set up.',
  UserHasNone: 'This user has no authenticator app or passkey.',
  NoEnrolment: 'Start the set-up again.',
  UserNotFound: 'This user does not exist.',
  ClientNotFound: 'This account does not exist.',
  StepUpRequired: 'Confirm it is you: enter a code from your authenticator app or use a passkey.',
  StepUpTitle: 'Confirm it is you',
  StepUpConfirm: 'Confirm',
  StepUpUsePasskey: 'Use a passkey',
  StepUpCodeLabel: 'Code from your authenticator app or a recovery code',
  StepUpCancelled: 'The action was not done: it needs your second factor.',
} as const;

// Wrong codes a waiting session may type; the last one ends it.
export const SECOND_FACTOR_MAX_FAILURES = 5;
// How long a session waits for its second factor.
export const SECOND_FACTOR_CHALLENGE_MINUTES = 10;
export const RECOVERY_CODE_COUNT = 10;
// Revealing a masked field, key entry, starting mimic, rolling an API key, changing payout bank
// details and granting roles ask for the second factor again when it was last proved longer ago.
export const STEP_UP_MINUTES = 15;

// A recovery code: 12 characters of the base32 alphabet in three groups (60 bits), e.g. 'k7m2-p9qr-x4ta'.
const RECOVERY_CODE_LENGTH = 12;
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toLowerCase();
  return code.length === RECOVERY_CODE_LENGTH && /^[a-z2-7]+$/.test(code) ? code : null;
}
export function formatRecoveryCode(normalized: string): string {
  return normalized.replace(/(.{4})(?=.)/g, '$1-');
}

const codeField = z.string().min(1).max(20);

// GET /api/second-factor: the caller's own authenticator.
export const secondFactorStatus = z.object({
  is_enabled: z.boolean(),
  enrolled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;
export const secondFactorStatusResponse = successEnvelope(secondFactorStatus);

// POST /api/second-factor/enrolment: a new secret, answered this once (the QR code is drawn by the
// server, so the secret never travels in an address).
export const enrolmentStart = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string(),
});
export type EnrolmentStart = z.infer<typeof enrolmentStart>;
export const enrolmentStartResponse = successEnvelope(enrolmentStart);

export const totpCodeBody = z.strictObject({ code: codeField });
// New recovery codes: a code from the app; a passkey-only user sends none (a recent step-up proves it).
export const recoveryCodesBody = z.strictObject({ code: codeField.optional() });
export type TotpCodeBody = z.infer<typeof totpCodeBody>;

// Confirming the set-up and asking for new codes answer the recovery codes, once.
export const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;
export const recoveryCodesResponse = successEnvelope(recoveryCodesAnswer);

export const secondFactorDisableResponse = successEnvelope(secondFactorStatus);

// POST /api/second-factor/users/{user_id}/reset: staff remove another user's authenticator.
export const secondFactorResetParams = z.strictObject({ user_id: z.uuid() });
export const secondFactorResetResponse = successEnvelope(z.object({ is_reset: z.literal(true) }));

// GET /api/second-factor/challenge: the waiting session's person and the factors they can prove it
// with (an authenticator app and its recovery codes, passkeys).
export const challengeInfo = z.object({
  email: z.string(),
  has_authenticator_app: z.boolean(),
  has_passkey: z.boolean(),
  // The user must have a second factor and has none: the sign-in waits for its set-up.
  must_set_up: z.boolean(),
});
export type ChallengeInfo = z.infer<typeof challengeInfo>;
export const challengeInfoResponse = successEnvelope(challengeInfo);

// POST /api/second-factor/challenge: a code from the app, or one recovery code.
export const challengeBody = z.union([
  z.strictObject({ code: codeField }),
  z.strictObject({ recovery_code: z.string().min(1).max(40) }),
]);
export type ChallengeBody = z.infer<typeof challengeBody>;
export const challengeResponse = successEnvelope(signInResult);

// POST /api/second-factor/step-up: the signed-in caller proves the second factor again (a code from
// the app or one recovery code); the session's proof moves to now.
export const stepUpBody = challengeBody;
export const stepUpAnswer = z.object({ proved_at: z.string() });
export type StepUpAnswer = z.infer<typeof stepUpAnswer>;
export const stepUpResponse = successEnvelope(stepUpAnswer);
