import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// The signed-in user's own live sessions (the Settings page): where and when each was opened and last
// used. No session key leaves the server; the only action is ending every session but this one.
export const ownSessionSchema = z.object({
  isCurrent: z.boolean(),
  // Opened by staff through Mimic: the user did not sign in there.
  isMimic: z.boolean(),
  // Browser and system in words, from the user agent the session was opened with.
  device: z.string(),
  ip: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const ownSessionsResponse = successEnvelope(z.array(ownSessionSchema));

// POST /api/user/sessions/sign-out-others: how many sessions ended.
export const signOutOthersResponse = successEnvelope(z.object({ ended: z.number().int().nonnegative() }));

export const OwnSessionsText = {
  Heading: 'Active sessions',
  SignOutOthers: 'Sign out everywhere else',
  SignedOutOthers: 'You are signed out everywhere else.',
  NotWhileMimicking: 'Sessions cannot be ended while mimicking.',
} as const;

// 'Chrome on Windows' from a user agent; 'Unknown browser' when it names none people know.
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => userAgent.includes(token as string))?.[1] ?? null;
  const system =
    [
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Android', 'Android'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token as string))?.[1] ?? null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser');
}
