import type { MimicState } from '@portico/contracts/access/mimic';
import {
  MimicErrorCode,
  MimicErrorText,
  mimicLinkTokenKey,
  mimicPagePath,
} from '@portico/contracts/access/mimic';
import { Permission } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import { auditActorOf, auditActorOfSession } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import {
  bypassesMerchantPermissions,
  clientPermissionsOf,
  decideMerchantAccess,
} from '../../access/merchant-scope';
import { findClientAccessFacts } from '../../access/merchant-scope.repository';
import type { SessionContext } from '../../access/request-session';
import type { Db } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import { consumeLoginToken, findAccountById, insertLoginToken } from '../auth/auth.repository';
import { requireEmailAddress } from '../auth/login-link.service';
import { accountAllowedToSignIn, opensPortal } from '../auth/sign-in.rules';
import { type SessionOrigin, switchSession } from '../session/session.service';
import { findMimicTarget, findMimicTokenState, findUserEmail } from './mimic.repository';
import { clientBeyondCaller, mayMimicUser, mimicLinkFailure } from './mimic.rules';

export const MimicError = defineErrors({
  NotAllowed: [MimicErrorCode.NotAllowed, 'forbidden'],
  LinkUsed: [MimicErrorCode.LinkUsed, 'business_rule'],
  LinkExpired: [MimicErrorCode.LinkExpired, 'business_rule'],
  LinkUnknown: [MimicErrorCode.LinkUnknown, 'business_rule'],
  NotMimicking: [MimicErrorCode.NotMimicking, 'conflict'],
});

// A mimic link lives a few minutes (contracts mimicLinkValidMinutes).
export type MimicDeps = { db: Db; publicUrl: string; linkValidMinutes: number };

// Nobody mimics a user who holds more than they do: the first of the target's merchants, or of the
// clients below them, where the target holds a permission the caller lacks; null when there is none
// (admin holds every permission).
async function permissionsBeyondCaller(
  db: Db,
  caller: SessionContext,
  target: { id: string; role: UserType; membershipClientIds: readonly string[] },
): Promise<string | null> {
  if (bypassesMerchantPermissions(caller.role)) return null;
  const clients = { atOrBelow: target.membershipClientIds };
  const byClient = async (person: { userId: string; role: UserType }) =>
    new Map(
      (await findClientAccessFacts(db, person.userId, clients)).map((fact) => [
        fact.clientId,
        clientPermissionsOf(person, fact),
      ]),
    );
  return clientBeyondCaller(await byClient({ userId: target.id, role: target.role }), await byClient(caller));
}

type MimicTarget =
  | { kind: 'allowed'; account: MimicAccount }
  | { kind: 'refused' }
  // A user the caller may reach but who holds more than the caller on this client.
  | { kind: 'exceeds'; clientId: string };
type MimicAccount = NonNullable<ReturnType<typeof accountAllowedToSignIn>>;

// The user behind the address, if this caller may mimic them now. Unknown, disabled and forbidden
// users look the same to the caller: a parent learns nothing about addresses outside its merchants.
// A user inside them who holds more than the caller is refused on its own terms.
async function mimicTargetFor(db: Db, caller: SessionContext, email: string): Promise<MimicTarget> {
  const target = await findMimicTarget(db, email);
  const account = accountAllowedToSignIn(target);
  if (!target || !account || !opensPortal(account)) return { kind: 'refused' };
  const administered = new Set<string>();
  for (const clientId of target.membershipClientIds) {
    const access = await decideMerchantAccess(db, caller, clientId, Permission.Permissions);
    if (access.isAllowed) administered.add(clientId);
  }
  const isAllowed = mayMimicUser({
    caller,
    target: { id: account.id, userType: account.userType, membershipClientIds: target.membershipClientIds },
    administeredClientIds: administered,
  });
  if (!isAllowed) return { kind: 'refused' };
  const beyond = await permissionsBeyondCaller(db, caller, {
    id: account.id,
    role: account.userType,
    membershipClientIds: target.membershipClientIds,
  });
  return beyond === null ? { kind: 'allowed', account } : { kind: 'exceeds', clientId: beyond };
}

// POST /api/loginlink: the link itself is the answer; it opens a session only for the
// staff member who asked, once, within minutes.
// The user the caller may mimic by that address, checked when the link is made and again when it is
// opened; a refusal is audited and says nothing about whether the address exists.
async function allowedMimicTarget(
  db: MimicDeps['db'],
  caller: Caller,
  email: string,
  stage: 'link' | 'start',
): Promise<MimicAccount> {
  const target = await mimicTargetFor(db, caller.session, email);
  if (target.kind === 'allowed') return target.account;
  if (target.kind === 'exceeds') {
    return denyAccess(caller, 'permission', {
      merchantId: target.clientId,
      code: MimicErrorCode.TargetExceedsCaller,
      message: MimicErrorText.TargetExceedsCaller,
    });
  }
  await recordAudit(db, {
    action: 'mimic',
    outcome: 'denied',
    ...auditActorOf(caller),
    targetType: 'user',
    details: { stage, email },
  });
  throw MimicError.NotAllowed(MimicErrorText.NotAllowed);
}

export async function createMimicLink(deps: MimicDeps, caller: Caller, rawEmail: string): Promise<string> {
  const email = requireEmailAddress(rawEmail);
  const target = await allowedMimicTarget(deps.db, caller, email, 'link');
  const token = newSecretToken();
  await deps.db.transaction(async (tx) => {
    await insertLoginToken(tx, {
      hash: hashSecretToken(token),
      email,
      purpose: 'mimic',
      requestedByUserId: caller.session.userId,
      validMinutes: deps.linkValidMinutes,
      ip: caller.origin.ip,
    });
    await recordAudit(tx, {
      action: 'mimic',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'user',
      targetId: target.id,
      clientId: target.defaultClientId,
      details: { stage: 'link', email },
    });
  });
  return `${deps.publicUrl}/app${mimicPagePath}#${mimicLinkTokenKey}=${token}`;
}

const linkFailureErrors = {
  used: () => MimicError.LinkUsed(MimicErrorText.LinkUsed),
  expired: () => MimicError.LinkExpired(MimicErrorText.LinkExpired),
  unknown: () => MimicError.LinkUnknown(MimicErrorText.LinkUnknown),
} as const;

// POST /api/mimic/session: the staff session ends and a marked one opens as the user. The rule is
// checked again: rights may have changed since the link was made.
export async function openMimicSession(
  deps: MimicDeps,
  caller: Caller,
  token: string,
): Promise<{ token: string; email: string }> {
  const { session, origin } = caller;
  const hash = hashSecretToken(token);
  const consumed = await consumeLoginToken(deps.db, hash, 'mimic', session.userId);
  if (!consumed) {
    const state = await findMimicTokenState(deps.db, hash);
    // Someone else's link is reported as unknown: it does not tell whether it exists.
    const reason = mimicLinkFailure(state?.requestedByUserId === session.userId ? state : undefined);
    await recordAudit(deps.db, {
      action: 'mimic',
      outcome: 'failure',
      ...auditActorOf(caller),
      details: { stage: 'start', reason },
    });
    throw linkFailureErrors[reason]();
  }
  const target = await allowedMimicTarget(deps.db, caller, consumed.email, 'start');
  const opened = await switchSession(deps.db, {
    fromSessionId: session.sessionId,
    toUserId: target.id,
    mimickedByUserId: session.userId,
    origin,
  });
  await recordAudit(deps.db, {
    action: 'mimic',
    outcome: 'success',
    actorUserId: target.id,
    actorEmail: target.email,
    onBehalfOfUserId: session.userId,
    targetType: 'user',
    targetId: target.id,
    clientId: target.defaultClientId,
    ...origin,
    details: { stage: 'start', by: session.email },
  });
  return { token: opened.token, email: target.email };
}

// POST /api/mimic/stop: back to a session of the staff member, with the same absolute limit.
export async function stopMimicSession(
  deps: MimicDeps,
  session: SessionContext,
  origin: SessionOrigin,
): Promise<{ token: string }> {
  const staffUserId = session.mimickedByUserId;
  if (staffUserId === null) throw MimicError.NotMimicking(MimicErrorText.NotMimicking);
  const staff = accountAllowedToSignIn(await findAccountById(deps.db, staffUserId));
  if (!staff) throw MimicError.NotAllowed(MimicErrorText.NotAllowed);
  const back = await switchSession(deps.db, {
    fromSessionId: session.sessionId,
    toUserId: staff.id,
    mimickedByUserId: null,
    origin,
  });
  await recordAudit(deps.db, {
    action: 'mimic',
    outcome: 'success',
    ...auditActorOfSession(session, origin),
    onBehalfOfUserId: staff.id,
    targetType: 'user',
    targetId: session.userId,
    details: { stage: 'stop', by: staff.email },
  });
  return back;
}

export async function mimicStateOf(db: Db, session: SessionContext): Promise<MimicState> {
  if (session.mimickedByUserId === null) return { mimicking: null };
  const byEmail = await findUserEmail(db, session.mimickedByUserId);
  return { mimicking: { email: session.email, by_email: byEmail ?? '' } };
}
