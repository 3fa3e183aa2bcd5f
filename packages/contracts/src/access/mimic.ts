import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// The texts of the /mimic page.
export const MimicText = {
  LinkLabel: 'Click here to mimic!',
  LinkGenerated: 'Successfully generated mimic link!',
  Failed: 'Failed to mimic',
  ApiError: 'API Error',
  NoPermission: 'User does not have MIMIC permission.',
} as const;

// The server's answers when a mimic link cannot open a session.
export const MimicErrorText = {
  NotAllowed: 'You cannot mimic this user',
  TargetExceedsCaller: 'You cannot mimic a user who holds more permissions than you on their merchants',
  LinkUsed: 'This mimic link was already used',
  LinkExpired: 'This mimic link has expired',
  LinkUnknown: 'This mimic link is not valid',
  LinkOfAnotherUser: 'This mimic link was made by someone else',
  NotMimicking: 'This session is not mimicking anyone',
} as const;

export const MimicErrorCode = {
  NotAllowed: 'MIMIC_NOT_ALLOWED',
  TargetExceedsCaller: 'MIMIC_TARGET_EXCEEDS_CALLER',
  LinkUsed: 'MIMIC_LINK_USED',
  LinkExpired: 'MIMIC_LINK_EXPIRED',
  LinkUnknown: 'MIMIC_LINK_UNKNOWN',
  NotMimicking: 'NOT_MIMICKING',
} as const;

// The mimic link lives this long and opens one session (e-mailed links live 10).
export const mimicLinkValidMinutes = 5;

// The page's path and the fragment that carries the token: a fragment never reaches the server's
// logs or a Referer header.
export const mimicPagePath = '/mimic';
export const mimicLinkTokenKey = 'mimic_token';

// POST /api/loginlink {email}: the message is the link.
export const mimicLinkRequestBody = z.strictObject({ email: z.string().trim().min(1).max(320) });
export type MimicLinkRequestBody = z.infer<typeof mimicLinkRequestBody>;
export const mimicLinkResponse = successEnvelope(z.string());

// POST /api/mimic/session {token}: redeem the link, answer who is now mimicked.
export const mimicSessionBody = z.strictObject({ token: z.string().min(1).max(512) });
export type MimicSessionBody = z.infer<typeof mimicSessionBody>;

export const mimicStateSchema = z.object({
  // null: not a mimic session.
  mimicking: z.object({ email: z.string(), by_email: z.string() }).nullable(),
});
export type MimicState = z.infer<typeof mimicStateSchema>;
export const mimicStateResponse = successEnvelope(mimicStateSchema);
