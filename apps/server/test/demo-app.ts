import type { App } from '../src/app';
import { sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';

// The real app on a fresh database with the demo cast, a fixed clock when given, and a session
// for each named account: `as(email)` is that account's cookie.
export async function buildDemoApp(options: { now?: Date; signedIn: readonly string[] }) {
  const { now } = options;
  const ctx = await buildTestApp({}, { demoAccounts: true, ...(now ? { now: () => now } : {}) });
  const cookies = new Map<string, string>();
  for (const email of options.signedIn) cookies.set(email, await sessionCookieFor(ctx.app.db, email));
  const as = (email: string): string => {
    const cookie = cookies.get(email);
    if (!cookie) throw new Error(`no session for ${email}`);
    return cookie;
  };
  return { ...ctx, app: ctx.app satisfies App, as };
}
