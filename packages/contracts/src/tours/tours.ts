import { z } from 'zod';
import type { UserType } from '../auth/roles';
import { successEnvelope } from '../common/envelope';

// The first-visit guided tour of the portal: one for partners (parents and the white-label partner
// role), one for merchants. Staff (admin, processor audit included) get none.

export const tourKinds = ['partner', 'merchant'] as const;
export type TourKind = (typeof tourKinds)[number];
export const tourKindSchema = z.enum(tourKinds);

export type TourUser = { user_type: UserType; is_demo_user: boolean };

export function tourKindOf(user: TourUser): TourKind | null {
  if (user.user_type === 'admin' || user.is_demo_user) return null;
  if (user.user_type === 'parent' || user.user_type === 'healnow') return 'partner';
  return 'merchant';
}

// Sandbox certification pages belong to developers testing an integration: no tour over them.
export const sandboxRoutePrefixes = ['/certification-page', '/developer-certification'] as const;

export function isSandboxRoute(pathname: string): boolean {
  return sandboxRoutePrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

// Shown by itself only once: never after it was finished or dismissed, and never in a mimic session
// (the first visit is the user's own, not staff's looking on).
export function tourStartsByItself(
  kind: TourKind | null,
  toursSeen: readonly string[],
  isMimicSession: boolean,
) {
  return kind !== null && !toursSeen.includes(kind) && !isMimicSession;
}

// The tour part of GET /api/user.
export const sessionTourSchema = z.object({
  kind: tourKindSchema.nullable(),
  starts_by_itself: z.boolean(),
});
export type SessionTour = z.infer<typeof sessionTourSchema>;

// Where a step points: a data-tour attribute in the shell; a step whose target is not on screen (the
// sidebar closed at phone width) is shown in the middle of the page.
export const tourTargets = ['sidebar-menu', 'global-search', 'user-block', 'brand'] as const;
export type TourTarget = (typeof tourTargets)[number];

export type TourStep = { title: string; body: string; target: TourTarget | null };

export const tourSteps: Record<TourKind, readonly TourStep[]> = {
  partner: [
    {
      title: 'Welcome to your portal',
      body: 'A short tour of where things are. Press Escape at any time to close it.',
      target: null,
    },
    {
      title: 'Your merchants, by area',
      body: 'The menu holds your merchants’ accounts, enrollments, reporting, statements and risk.',
      target: 'sidebar-menu',
    },
    {
      title: 'Find anything',
      body: 'Search finds a merchant, a transaction or a customer across your whole hierarchy.',
      target: 'global-search',
    },
    {
      title: 'Your settings',
      body: 'Your time zone, sign-in and security, and this tour again live under your name.',
      target: 'user-block',
    },
  ],
  merchant: [
    {
      title: 'Welcome to your portal',
      body: 'A short tour of where things are. Press Escape at any time to close it.',
      target: null,
    },
    {
      title: 'Everything you run',
      body: 'The menu holds your transactions, statements, virtual terminal, payment links and customers.',
      target: 'sidebar-menu',
    },
    {
      title: 'Find a payment',
      body: 'Search finds a transaction by card, amount or customer.',
      target: 'global-search',
    },
    {
      title: 'Your settings',
      body: 'Your time zone, sign-in and security, and this tour again live under your name.',
      target: 'user-block',
    },
  ],
};

export const TourText = {
  DialogLabel: 'Portal tour',
  Next: 'Next',
  Back: 'Back',
  Done: 'Done',
  Close: 'Close tour',
  Restart: 'Take the portal tour',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
} as const;

// PUT /api/user/tour: seen true when the user finishes or dismisses the tour; false shows it again on
// the next visit.
export const tourStateBody = z.strictObject({ tour: tourKindSchema, seen: z.boolean() });
export type TourStateBody = z.infer<typeof tourStateBody>;
export const tourStateResponse = successEnvelope(z.object({ tours_seen: z.array(tourKindSchema) }));
