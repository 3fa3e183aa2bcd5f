import { Permission } from '@portico/contracts/access/permission-names';
import {
  UserAdminErrorCode as Code,
  type createUserBody,
  type ManagedUser,
  type MyUsersQuery,
  UserAdminText as Text,
  type updateUserBody,
  usersSearchLimit,
} from '@portico/contracts/access/user-admin';
import { searchWordsOf } from '@portico/contracts/common/search-words';
import { userCategories } from '@portico/contracts/enrollment/enrollment-actions';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import {
  canReachEveryMerchant,
  decideMerchantAccess,
  isWithinViewedClient,
} from '../../access/merchant-scope';
import { requireRecentSecondFactor } from '../../access/step-up';
import type { Db, Executor } from '../../db/client';
import type { MailService } from '../../integrations/mail/mail-service';
import type { MailMessage } from '../../integrations/mail/mailer';
import { AppError, defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/database-errors';
import { escapeHtml } from '../../lib/html';
import { issueEmailToken } from '../auth/login-link.service';
import { invitationLinkValidHours } from '../auth/sign-in.rules';
import { loginLinkUrl } from '../auth/sign-in-mail';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import {
  findClientName,
  findRole,
  listChainIds,
  listUserSubEntities,
  revokeUserSessions,
} from '../rbac/rbac-admin.repository';
import { requireAssignableRole } from '../rbac/rbac-admin.service';
import {
  deleteManagedUser,
  findManagedUser,
  findManagedUsers,
  findSubEntitiesByIds,
  findUserIdByEmail,
  insertManagedUser,
  listMembershipsOf,
  listUsersOfClients,
  replaceLocations,
  replaceMemberships,
  updateManagedUser,
} from './user-admin.repository';

export const UserAdminError = defineErrors({
  UserNotFound: [Code.UserNotFound, 'not_found'],
  DuplicateEmail: [Code.DuplicateEmail, 'conflict'],
  RoleNotFound: [Code.RoleNotFound, 'not_found'],
  LocationNotFound: [Code.LocationNotFound, 'not_found'],
  CannotDeleteSelf: [Code.CannotDeleteSelf, 'business_rule'],
  DefaultMerchantNotMember: [Code.DefaultMerchantNotMember, 'validation'],
});

const merchantNotReached = () =>
  new AppError(Code.MerchantNotReached, 'forbidden', 'You do not have access to this merchant');

export type UserAdminDeps = {
  db: Db;
  mail: MailService;
  log: FastifyBaseLogger;
  publicUrl: string;
  loginLinksPerAddress: number;
};

// May the caller manage the users of this merchant: reach it and hold Users there;
// while viewing as a client, only within that client.
async function managesUsersOf(db: Db, caller: Caller, merchantId: string): Promise<boolean> {
  const session = caller.session;
  const viewed = caller.viewAsClientId;
  if (viewed !== null && !(await isWithinViewedClient(db, viewed, merchantId))) return false;
  const decision = await decideMerchantAccess(db, session, merchantId, Permission.Users);
  return decision.isAllowed && decision.merchantExists;
}

// POST /api/user in the Users page's shape: the caller must hold Users on the merchant it names, as
// the access plugin's merchant selector checks elsewhere (the route takes two shapes, so the check
// is here); answers whether the merchant exists (staff may name one that does not).
async function authorizeUsersOf(db: Db, caller: Caller, merchantId: string): Promise<boolean> {
  if (caller.viewAsClientId !== null && !(await isWithinViewedClient(db, caller.viewAsClientId, merchantId)))
    return denyAccess(caller, 'merchant', { merchantId });
  const decision = await decideMerchantAccess(db, caller.session, merchantId, Permission.Users);
  if (!decision.isAllowed)
    return denyAccess(caller, decision.reason, { merchantId, permission: Permission.Users });
  return decision.merchantExists;
}

function labelOf(value: string | null) {
  return userCategories.find((category) => category === value) ?? null;
}

type ManagedUserRecord = Awaited<ReturnType<typeof findManagedUsers>>[number];

// Users as the Users page shows them, each with memberships and locations within those clients only
// ('all': every membership).
async function managedUsersOf(
  executor: Executor,
  records: readonly ManagedUserRecord[],
  clientIds: ReadonlySet<string> | 'all',
): Promise<ManagedUser[]> {
  const ids = records.map((record) => record.id);
  const memberships = await listMembershipsOf(executor, ids);
  const locations = await listUserSubEntities(executor, ids);
  const isShown = (clientId: string) => clientIds === 'all' || clientIds.has(clientId);
  return records.map((record) => ({
    id: record.id,
    name: record.name,
    email: record.email,
    user_type: record.userType,
    label: labelOf(record.label),
    default_client_id: record.defaultClientId,
    disabled: record.isDisabled,
    is_locked_out: record.isLockedOut,
    created_at: record.createdAt.toISOString(),
    last_sign_in_at: record.lastSignInAt?.toISOString() ?? null,
    has_second_factor: record.hasSecondFactor,
    memberships: memberships
      .filter((m) => m.userId === record.id && isShown(m.clientId))
      .map((m) => ({
        merchant: { id: m.clientId, name: m.clientName },
        role: m.roleId && m.roleName ? { id: m.roleId, name: m.roleName } : null,
      })),
    locations: locations
      .filter((l) => l.userId === record.id && isShown(l.clientId))
      .map((l) => ({ id: l.id, name: l.name, merchant_id: l.clientId })),
  }));
}

async function loadManagedUsers(
  executor: Executor,
  userIds: readonly string[],
  clientIds: ReadonlySet<string>,
) {
  const records = await findManagedUsers(executor, userIds);
  const inOrder = userIds.flatMap((id) => records.filter((record) => record.id === id));
  return managedUsersOf(executor, inOrder, clientIds);
}

// GET /api/client/my-users: one merchant's users, or those of every merchant the caller manages
// users for. Staff manage every merchant: a search looks across all of them (the first
// usersSearchLimit matches), and without one they see their own default merchant's.
export async function listMyUsers(db: Db, caller: Caller, query: MyUsersQuery) {
  const session = caller.session;
  const words = searchWordsOf(query.search ?? '');
  let scope: string[] | 'all';
  if (query.merchant_id !== undefined) {
    if (!caller.merchant?.merchantExists) throw UserAdminError.UserNotFound('Merchant not found');
    scope = [query.merchant_id];
  } else if (canReachEveryMerchant(session.role) && caller.viewAsClientId === null) {
    // Staff search every merchant; without a search they see their own default merchant's users.
    if (words.length > 0) scope = 'all';
    else {
      const own = (await findManagedUser(db, session.userId))?.defaultClientId;
      scope = own ? [own] : [];
    }
  } else {
    const reachable = await listMerchantsUserCanActFor(db, session, caller.viewAsClientId);
    scope = [];
    for (const client of reachable) if (await managesUsersOf(db, caller, client.id)) scope.push(client.id);
  }
  const records = await listUsersOfClients(db, scope, {
    words,
    limit: scope === 'all' ? usersSearchLimit : undefined,
  });
  return managedUsersOf(db, records, scope === 'all' ? 'all' : new Set(scope));
}

// A role a membership of the merchant may hold: the merchant's own or one of its parents'.
async function requireRoleFor(
  executor: Executor,
  caller: Caller,
  merchantId: string,
  roleId: string | null,
  previousRoleId: string | null = null,
) {
  if (roleId === null) return;
  const role = await findRole(executor, roleId);
  if (!role || !(await listChainIds(executor, merchantId)).includes(role.clientId))
    throw UserAdminError.RoleNotFound('Role not found');
  // A role the user already holds may stay; a new one must not grant more than the caller holds.
  if (roleId !== previousRoleId) await requireAssignableRole(executor, caller.session, merchantId, roleId);
}

async function requireLocationsOf(
  executor: Executor,
  merchantIds: readonly string[],
  locationIds: readonly string[],
) {
  const unique = [...new Set(locationIds)];
  const found = await findSubEntitiesByIds(executor, unique);
  if (found.length !== unique.length || found.some((location) => !merchantIds.includes(location.clientId)))
    throw UserAdminError.LocationNotFound('Location not found');
  return unique;
}

function welcomeMessage(to: string, name: string, merchantName: string, link: string): MailMessage {
  const intro =
    `Hello ${name}, you have been added to ${merchantName} on Portico. Use this link to sign in; ` +
    `it works once and expires in ${invitationLinkValidHours} hours.`;
  const outro = 'After it expires, ask for a new link on the sign-in page with this e-mail address.';
  return {
    to: [to],
    subject: 'Welcome to Portico',
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Sign in to Portico</a></p>` +
      `<p style="font-size:12px;color:#666">${escapeHtml(link)}</p><p>${escapeHtml(outro)}</p>`,
  };
}

// POST /api/user: a user of the merchant with a role and locations; a welcome e-mail carries a
// sign-in link once the user is committed.
export async function createManagedUser(
  deps: UserAdminDeps,
  caller: Caller,
  body: z.output<typeof createUserBody>,
): Promise<ManagedUser> {
  const merchantId = body.merchant_id;
  if (!(await authorizeUsersOf(deps.db, caller, merchantId)))
    throw UserAdminError.UserNotFound('Merchant not found');
  if (body.role !== null && body.role !== undefined) await requireRecentSecondFactor(deps.db, caller.session);
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      if (await findUserIdByEmail(tx, body.email))
        throw UserAdminError.DuplicateEmail('A user with this e-mail already exists');
      await requireRoleFor(tx, caller, merchantId, body.role);
      const locations = await requireLocationsOf(tx, [merchantId], body.locations);
      const id = await insertManagedUser(tx, {
        name: body.name,
        email: body.email,
        userType: body.user_type,
        label: body.label ?? null,
        defaultClientId: merchantId,
        isDisabled: body.disabled,
      });
      await replaceMemberships(tx, id, [{ clientId: merchantId, roleId: body.role }]);
      await replaceLocations(tx, id, locations);
      await recordAudit(tx, {
        action: 'user.create',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'user',
        targetId: id,
        clientId: merchantId,
        details: { email: body.email, user_type: body.user_type, role_id: body.role, locations },
      });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw UserAdminError.DuplicateEmail('A user with this e-mail already exists');
    throw error;
  }
  if (!body.disabled) {
    const token = await issueEmailToken(deps, {
      email: body.email,
      purpose: 'sign_in',
      ip: caller.origin.ip,
      validMinutes: invitationLinkValidHours * 60,
    });
    if (token) {
      const merchantName = (await findClientName(deps.db, merchantId)) ?? 'your merchant';
      const link = loginLinkUrl(deps.publicUrl, token, body.email);
      deps.mail.sendLater(welcomeMessage(body.email, body.name, merchantName, link));
    }
  }
  const [user] = await loadManagedUsers(deps.db, [userId], new Set([merchantId]));
  if (!user) throw UserAdminError.UserNotFound('User not found');
  return user;
}

// The target must be a managed account every one of whose merchants the caller manages; anything
// else is a 404, so a foreign id reveals nothing.
async function requireManageableUser(db: Db, caller: Caller, userId: string) {
  const target = await findManagedUser(db, userId);
  if (!target || ['admin', 'healnow', 'contact'].includes(target.userType))
    throw UserAdminError.UserNotFound('User not found');
  const current = await listMembershipsOf(db, [userId]);
  const merchants = current.length > 0 ? current.map((m) => m.clientId) : [target.defaultClientId ?? ''];
  for (const merchantId of merchants) {
    if (merchantId === '' || !(await managesUsersOf(db, caller, merchantId)))
      throw UserAdminError.UserNotFound('User not found');
  }
  return { target, current };
}

type Membership = { clientId: string; roleId: string | null };

// A role given where the user had none or another one: granting, which asks for the second factor
// within the step-up window. Taking a role or a membership away is not asked for it.
export function grantsRole(current: readonly Membership[], wanted: readonly Membership[]): boolean {
  return wanted.some(
    (membership) =>
      membership.roleId !== null &&
      current.find((before) => before.clientId === membership.clientId)?.roleId !== membership.roleId,
  );
}

// PATCH /api/user/update: name, e-mail, memberships with roles, default merchant, locations, and
// the disabled and locked flags. Locking, disabling or a new e-mail ends the user's sessions.
export async function updateUser(
  db: Db,
  caller: Caller,
  body: z.output<typeof updateUserBody>,
): Promise<ManagedUser> {
  const { target, current } = await requireManageableUser(db, caller, body.id);
  const wanted = body.memberships.map((m) => ({ clientId: m.merchant_id, roleId: m.role }));
  const merchantIds = [...new Set(wanted.map((m) => m.clientId))];
  for (const merchantId of merchantIds) {
    if (!(await managesUsersOf(db, caller, merchantId))) throw merchantNotReached();
  }
  if (!merchantIds.includes(body.default_client_id))
    throw UserAdminError.DefaultMerchantNotMember(Text.DefaultMerchantNotMember);
  if (grantsRole(current, wanted)) await requireRecentSecondFactor(db, caller.session);
  try {
    await db.transaction(async (tx) => {
      if (await findUserIdByEmail(tx, body.email, body.id))
        throw UserAdminError.DuplicateEmail('A user with this e-mail already exists');
      for (const membership of wanted) {
        const before = current.find((m) => m.clientId === membership.clientId);
        await requireRoleFor(tx, caller, membership.clientId, membership.roleId, before?.roleId ?? null);
      }
      const locations = await requireLocationsOf(tx, merchantIds, body.locations);
      const isLocking =
        (body.is_locked_out === true && !target.isLockedOut) ||
        (body.disabled === true && !target.isDisabled);
      const isNewEmail = body.email !== target.email;
      await updateManagedUser(tx, body.id, {
        name: body.name,
        email: body.email,
        defaultClientId: body.default_client_id,
        ...(body.disabled === undefined ? {} : { isDisabled: body.disabled }),
        ...(body.is_locked_out === undefined ? {} : { isLockedOut: body.is_locked_out }),
        // A new address is not proved yet: password sign-in waits for a link sent to it.
        ...(isNewEmail ? { emailVerifiedAt: null } : {}),
      });
      await replaceMemberships(tx, body.id, wanted);
      await replaceLocations(tx, body.id, locations);
      const endedSessions = isLocking || isNewEmail ? await revokeUserSessions(tx, body.id) : 0;
      await recordAudit(tx, {
        action: 'user.update',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'user',
        targetId: body.id,
        clientId: body.default_client_id,
        details: {
          email: body.email,
          ...(isNewEmail ? { from_email: target.email } : {}),
          memberships: wanted,
          locations,
          disabled: body.disabled,
          is_locked_out: body.is_locked_out,
          ended_sessions: endedSessions,
        },
      });
      for (const membership of wanted) {
        const before = current.find((m) => m.clientId === membership.clientId);
        if (before && before.roleId === membership.roleId) continue;
        await recordAudit(tx, {
          action: 'role_change',
          outcome: 'success',
          ...auditActorOf(caller),
          targetType: 'user',
          targetId: body.id,
          clientId: membership.clientId,
          details: { from_role_id: before?.roleId ?? null, role_id: membership.roleId },
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw UserAdminError.DuplicateEmail('A user with this e-mail already exists');
    throw error;
  }
  const [user] = await loadManagedUsers(db, [body.id], new Set(merchantIds));
  if (!user) throw UserAdminError.UserNotFound('User not found');
  return user;
}

// DELETE /api/user/delete?id=: the user, memberships, locations and sessions go at once.
export async function deleteUser(db: Db, caller: Caller, userId: string) {
  if (userId === caller.session.userId)
    throw UserAdminError.CannotDeleteSelf('You cannot delete your own account');
  const { target, current } = await requireManageableUser(db, caller, userId);
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      action: 'user.delete',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'user',
      targetId: userId,
      clientId: target.defaultClientId,
      details: { email: target.email, memberships: current.map((m) => m.clientId) },
    });
    await deleteManagedUser(tx, userId);
  });
  return { id: userId };
}
