import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { AppError } from '../lib/app-error';
import type { SessionContext } from './request-session';
import { hasSecondFactor } from './second-factor-facts';

export function stepUpRequired(): AppError {
  return new AppError(SecondFactorErrorCode.StepUpRequired, 'forbidden', SecondFactorText.StepUpRequired);
}

// The person who proves a session's second factor: in a mimic session, the staff member behind it.
export function secondFactorPersonOf(session: SessionContext): string {
  return session.mimickedByUserId ?? session.userId;
}

// Step-up: a sensitive action asks for the second factor again when this session last proved it
// longer ago than the step-up window. A person without any second factor has nothing to prove:
// whoever must have one set it up before their sign-in finished. Routes ask it by their access rule
// (stepUp); a service whose action is sensitive only for some inputs (the payout bank account among
// an account's fields, a role among a user's details) asks it itself.
export async function requireRecentSecondFactor(executor: Executor, session: SessionContext): Promise<void> {
  if (session.hasRecentSecondFactor) return;
  if (await hasSecondFactor(executor, secondFactorPersonOf(session))) throw stepUpRequired();
}

// The access rule's step-up, once the caller passed the merchant and permission checks (a caller who
// may not act is refused, not asked for a code first).
export async function checkStepUp(db: Executor, request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  if (access?.kind !== 'authenticated' || access.stepUp !== 'required') return;
  await requireRecentSecondFactor(db, request.requireSession());
}
