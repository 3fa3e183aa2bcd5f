import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { userPasskeys } from '../db/schema/passkeys';
import { userAuthenticators } from '../db/schema/second-factor';

// What guards a person's sign-in beside the link or password: an authenticator app once its first code
// confirmed it, and passkeys.

export async function hasConfirmedAuthenticator(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ userId: userAuthenticators.userId })
    .from(userAuthenticators)
    .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.confirmedAt)));
  return row !== undefined;
}

export async function hasPasskey(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: userPasskeys.id })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

// A second factor guards a person's sign-in when they have a confirmed authenticator app or a passkey.
export async function hasSecondFactor(executor: Executor, userId: string): Promise<boolean> {
  return (await hasConfirmedAuthenticator(executor, userId)) || (await hasPasskey(executor, userId));
}
