import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { identities, loginTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

export type LoginTokenPurpose = 'sign_in' | 'verify_email' | 'mimic' | 'password_reset';

const accountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  userType: users.userType,
  defaultClientId: users.defaultClientId,
  isDisabled: users.isDisabled,
  isLockedOut: users.isLockedOut,
};

export async function findAccountByEmail(executor: Executor, email: string) {
  const [row] = await executor.select(accountColumns).from(users).where(eq(users.email, email));
  return row;
}
export type Account = NonNullable<Awaited<ReturnType<typeof findAccountByEmail>>>;

export async function findAccountById(executor: Executor, id: string) {
  const [row] = await executor.select(accountColumns).from(users).where(eq(users.id, id));
  return row;
}

// Links asked for an address in the window (the login_tokens (email, created_at) index serves it).
export async function countRecentLoginTokens(executor: Executor, email: string, windowMinutes: number) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(loginTokens)
    .where(
      and(
        eq(loginTokens.email, email),
        gt(loginTokens.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertLoginToken(
  executor: Executor,
  token: {
    hash: string;
    email: string;
    purpose: LoginTokenPurpose;
    validMinutes: number;
    ip: string | null;
    // A mimic link belongs to the staff member who asked for it.
    requestedByUserId?: string;
  },
): Promise<void> {
  await executor.insert(loginTokens).values({
    tokenHash: token.hash,
    email: token.email,
    purpose: token.purpose,
    requestedByUserId: token.requestedByUserId ?? null,
    expiresAt: sql`now() + make_interval(mins => ${token.validMinutes})`,
    requestedIp: token.ip,
  });
}

// Single use by construction: only one caller can flip consumed_at from null. With requestedByUserId,
// only the person who asked for the token can use it (a copied mimic link opens nothing).
export async function consumeLoginToken(
  executor: Executor,
  hash: string,
  purpose: LoginTokenPurpose,
  requestedByUserId?: string,
) {
  const [row] = await executor
    .update(loginTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(loginTokens.tokenHash, hash),
        eq(loginTokens.purpose, purpose),
        requestedByUserId === undefined ? undefined : eq(loginTokens.requestedByUserId, requestedByUserId),
        isNull(loginTokens.consumedAt),
        gt(loginTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: loginTokens.email });
  return row;
}

export async function findIdentity(executor: Executor, issuer: string, subject: string) {
  const [row] = await executor
    .select({ id: identities.id, userId: identities.userId })
    .from(identities)
    .where(and(eq(identities.issuer, issuer), eq(identities.subject, subject)));
  return row;
}

export async function touchIdentity(executor: Executor, id: string): Promise<void> {
  await executor.update(identities).set({ lastUsedAt: sql`now()` }).where(eq(identities.id, id));
}

// The provider the user last signed in with, if any (the retry modal names it).
export async function findLatestIdentityProvider(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ provider: identities.provider })
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(sql`${identities.lastUsedAt} desc nulls last`, desc(identities.createdAt))
    .limit(1);
  return row?.provider;
}

// Idempotent: an identity already linked (to anyone) is left alone; the caller reads who owns it.
export async function linkIdentity(
  executor: Executor,
  identity: { userId: string; provider: string; issuer: string; subject: string; email: string },
) {
  await executor
    .insert(identities)
    .values({ ...identity, emailVerified: true, lastUsedAt: sql`now()` })
    .onConflictDoNothing({ target: [identities.issuer, identities.subject] });
  return findIdentity(executor, identity.issuer, identity.subject);
}
