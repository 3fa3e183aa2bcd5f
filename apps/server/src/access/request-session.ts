import { type UserType, userTypeSchema } from '@portico/contracts/auth/roles';
import { sessionIdleTimeoutMinutes } from '@portico/contracts/auth/session';
import type { Db } from '../db/client';
import type { SqlRow } from '../db/sql-rows';
import { hashSecretToken } from '../lib/secret-token';
import type { MerchantAccessFacts, PermissionHolderFacts } from './merchant-scope.repository';
import {
  findRequestAccess,
  type RequestAccessPlan,
  type SessionPrefetch,
} from './request-session.repository';

export type SessionContext = {
  // The stored id: SHA-256 of the cookie value.
  sessionId: string;
  userId: string;
  role: UserType;
  email: string;
  viewAsClientId: string | null;
  // Set in a mimic session: the staff member who opened it (the user is the mimicked one), and their
  // role. The session may do only what both may do (access/merchant-scope decides so).
  mimickedByUserId: string | null;
  mimickedByRole: UserType | null;
  // A processor-audit user reads everything and changes nothing (the access layer refuses their writes);
  // so does a mimic session opened by one.
  isProcessorAuditUser: boolean;
  // Signed in with the first factor only: the access layer lets it call the challenge and little else.
  isAwaitingSecondFactor: boolean;
  // The waiting session is there to set up a first second factor, which this user must have.
  isEnrollingSecondFactor: boolean;
  // The second factor was proved in this session (at sign-in or since) within the step-up window.
  hasRecentSecondFactor: boolean;
};

// The facts findRequestAccess read with the session, for the access decision to use.
export type PrefetchedAccess = {
  merchant: { id: string; facts: MerchantAccessFacts } | null;
  viewed: { id: string; facts: MerchantAccessFacts; isMerchantWithin: boolean | null } | null;
  permissionHolder: PermissionHolderFacts | null;
};

const noPlan: RequestAccessPlan = { merchantId: null, viewedClientId: null, permissionAnywhere: false };

// A route's read that came with the session: its rows, and what it was asked with (its key).
export type PrefetchedRead = { key: string; rows: SqlRow[] };

// The session behind the cookie and, in the same round trip, what the plan asks for and the route's
// own read when it gives one.
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
  const mimickedByRole =
    row.mimickedByUserType === null ? null : userTypeSchema.safeParse(row.mimickedByUserType);
  if (mimickedByRole?.success === false) return null;
  return {
    session: {
      sessionId: id,
      userId: row.userId,
      role: role.data,
      email: row.email,
      viewAsClientId: row.viewAsClientId,
      mimickedByUserId: row.mimickedByUserId,
      mimickedByRole: mimickedByRole?.data ?? null,
      isProcessorAuditUser: row.isProcessorAuditUser,
      isAwaitingSecondFactor: row.isAwaitingSecondFactor,
      isEnrollingSecondFactor: row.isEnrollingSecondFactor,
      hasRecentSecondFactor: row.hasRecentSecondFactor,
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
