import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import type { Caller } from './caller';
import type { DenialAuditor } from './denial';
import { canReachEveryMerchant, decideMerchantAccess, hasPermissionAnywhere } from './merchant-scope';
import type { RouteAccess } from './route-access';

// The access a user holds when nobody is signed in: a scheduled report runs as its owner. It is
// decided with the same rules as a request of theirs on the route (role, merchant, permission), and
// answers the caller a grid's rules read, or null when the route would refuse them. No session,
// view-as or mimic applies; a disabled or locked-out user holds nothing.
export async function standingCallerOf(
  db: Db,
  denials: DenialAuditor,
  userId: string,
  access: RouteAccess,
  merchantId: string | undefined,
  route: string,
): Promise<Caller | null> {
  if (access.kind !== 'authenticated') return null;
  const [user] = await db
    .select({
      email: users.email,
      role: users.userType,
      isDisabled: users.isDisabled,
      isLockedOut: users.isLockedOut,
      isProcessorAuditUser: users.isProcessorAuditUser,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.isDisabled || user.isLockedOut) return null;
  const role = user.role;
  if (role === 'contact' || !access.roles.includes(role)) return null;
  if (user.isProcessorAuditUser && access.processorAudit !== 'allowed') return null;
  const holder = { userId, role };
  let merchant: Caller['merchant'] = null;
  if (merchantId !== undefined) {
    const decision = await decideMerchantAccess(db, holder, merchantId, access.permission);
    if (!decision.isAllowed || !decision.merchantExists) return null;
    merchant = {
      merchantId,
      merchantExists: true,
      effectivePermissions: decision.effectivePermissions,
      locationIds: decision.locationIds,
    };
  } else if (access.permission && !(await hasPermissionAnywhere(db, holder, access.permission))) {
    return null;
  }
  return {
    session: {
      sessionId: `standing:${userId}`,
      userId,
      role,
      email: user.email,
      viewAsClientId: null,
      mimickedByUserId: null,
      mimickedByRole: null,
      isProcessorAuditUser: user.isProcessorAuditUser,
      isAwaitingSecondFactor: false,
      isEnrollingSecondFactor: false,
      hasRecentSecondFactor: false,
    },
    actingRole: role,
    viewAsClientId: null,
    isStaff: canReachEveryMerchant(role),
    mimickedByUserId: null,
    merchant,
    route,
    origin: { ip: '127.0.0.1', userAgent: 'Portico scheduler' },
    denials,
  };
}
