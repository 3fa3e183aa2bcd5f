import { type UserType, userTypeSchema } from '@portico/contracts/auth/roles';
import { sessionAbsoluteLimitHours, sessionIdleTimeoutMinutes } from '@portico/contracts/auth/session';
import type { Db } from '../../db/client';
import type { SqlRow } from '../../db/sql-rows';
import type { MerchantAccessFacts, PermissionHolderFacts } from '../rbac/rbac.repository';
import { hashSecretToken, newSecretToken } from './secret-token';
import {
  findRequestAccess,
  insertSession,
  type RequestAccessPlan,
  recordSignInTime,
  revokeSession,
  type SessionPrefetch,
} from './session.repository';

export type SessionContext = {
  // The stored id: SHA-256 of the cookie value.
  sessionId: string;
  userId: string;
  role: UserType;
  email: string;
  viewAsClientId: string | null;
  // Issue 15: set in a mimic session, the staff member who opened it (the user is the mimicked one).
  mimickedByUserId: string | null;
  // Spec 1 §1 processor_audit_user: read-only everywhere (the access plugin refuses their writes).
  isProcessorAuditUser: boolean;
};

export type SessionOrigin = { ip: string | null; userAgent: string | null };

// A new id at every sign-in; whatever session the browser presented is revoked (fixation defence).
export async function startSession(
  db: Db,
  input: { userId: string; presentedToken: string | undefined; origin: SessionOrigin },
): Promise<{ token: string }> {
  const token = newSecretToken();
  await db.transaction(async (tx) => {
    if (input.presentedToken) await revokeSession(tx, hashSecretToken(input.presentedToken));
    await insertSession(tx, {
      id: hashSecretToken(token),
      userId: input.userId,
      idleMinutes: sessionIdleTimeoutMinutes,
      absoluteHours: sessionAbsoluteLimitHours,
      ...input.origin,
    });
    await recordSignInTime(tx, input.userId);
  });
  return { token };
}

// Issue 15 mimic: a marked session as the mimicked user replaces the staff member's (which is
// revoked); it keeps the staff session's absolute limit. Stopping does the reverse.
export async function switchSession(
  db: Db,
  input: {
    fromSessionId: string;
    toUserId: string;
    mimickedByUserId: string | null;
    origin: SessionOrigin;
  },
): Promise<{ token: string }> {
  const token = newSecretToken();
  await db.transaction(async (tx) => {
    await insertSession(tx, {
      id: hashSecretToken(token),
      userId: input.toUserId,
      idleMinutes: sessionIdleTimeoutMinutes,
      absoluteHours: sessionAbsoluteLimitHours,
      absoluteLimitOfSessionId: input.fromSessionId,
      ...(input.mimickedByUserId === null ? {} : { mimickedByUserId: input.mimickedByUserId }),
      ...input.origin,
    });
    await revokeSession(tx, input.fromSessionId);
  });
  return { token };
}

// The facts findRequestAccess read with the session, for the access plugin to decide from.
export type PrefetchedAccess = {
  merchant: { id: string; facts: MerchantAccessFacts } | null;
  viewed: { id: string; facts: MerchantAccessFacts; isMerchantWithin: boolean | null } | null;
  permissionHolder: PermissionHolderFacts | null;
};

const noPlan: RequestAccessPlan = { merchantId: null, viewedClientId: null, permissionAnywhere: false };

// A route's read that came with the session: its rows, and what it was asked with (its key).
export type PrefetchedRead = { key: string; rows: SqlRow[] };

// The session behind the cookie and, in the same round trip, what the plan asks for (issue 15 "Speed")
// and the route's own read when it gives one (issue 19 "Speed").
export async function resolveRequestSession(
  db: Db,
  token: string,
  plan: RequestAccessPlan,
  prefetch: SessionPrefetch | null = null,
): Promise<{ session: SessionContext; access: PrefetchedAccess; prefetched: PrefetchedRead | null } | null> {
  const id = hashSecretToken(token);
  const row = await findRequestAccess(db, {
    sessionId: id,
    idleMinutes: sessionIdleTimeoutMinutes,
    plan,
    prefetch,
  });
  if (!row) return null;
  const role = userTypeSchema.safeParse(row.userType);
  if (!role.success) return null;
  return {
    session: {
      sessionId: id,
      userId: row.userId,
      role: role.data,
      email: row.email,
      viewAsClientId: row.viewAsClientId,
      mimickedByUserId: row.mimickedByUserId,
      isProcessorAuditUser: row.isProcessorAuditUser,
    },
    access: {
      merchant:
        plan.merchantId !== null && row.merchant ? { id: plan.merchantId, facts: row.merchant } : null,
      viewed:
        plan.viewedClientId !== null && row.viewed
          ? { id: plan.viewedClientId, facts: row.viewed, isMerchantWithin: row.isMerchantWithinViewed }
          : null,
      permissionHolder: row.permissionHolder,
    },
    prefetched: prefetch && row.prefetched ? { key: prefetch.key, rows: row.prefetched } : null,
  };
}

export async function resolveSession(db: Db, token: string): Promise<SessionContext | null> {
  return (await resolveRequestSession(db, token, noPlan))?.session ?? null;
}

export async function endSession(db: Db, token: string): Promise<{ userId: string } | null> {
  return (await revokeSession(db, hashSecretToken(token))) ?? null;
}
