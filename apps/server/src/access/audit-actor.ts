import type { SessionContext } from './request-session';

// Where a request came from, as an audit entry records it.
export type AuditOrigin = { ip: string | null; userAgent: string | null };

// Who acts in an audit entry and from where: the signed-in user of the session, and the request's
// origin.
export function auditActorOfSession(session: Pick<SessionContext, 'userId' | 'email'>, origin: AuditOrigin) {
  return { actorUserId: session.userId, actorEmail: session.email, ...origin };
}

// The same for a caller (or a refusal's site): its session and its request's origin.
export function auditActorOf(caller: { session: SessionContext; origin: AuditOrigin }) {
  return auditActorOfSession(caller.session, caller.origin);
}

// The actor a money attempt keeps in its context, so that the entries written when it settles
// (possibly by the reconcile in another process) name who asked and from where.
export type AttemptActor = { userId: string | null; email: string | null } & AuditOrigin;

export function attemptActorOf(caller: { session: SessionContext; origin: AuditOrigin }) {
  return { userId: caller.session.userId, email: caller.session.email, ...caller.origin };
}

export function auditActorOfAttempt(actor: AttemptActor) {
  return { actorUserId: actor.userId, actorEmail: actor.email, ip: actor.ip, userAgent: actor.userAgent };
}
