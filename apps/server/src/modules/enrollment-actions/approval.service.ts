import {
  type ApproveEnrollmentResult,
  approvalBlocker,
  decisionOf,
  type RejectEnrollmentBody,
  EnrollmentActionText as Text,
} from '@portico/contracts/enrollment/enrollment-actions';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/database-errors';
import { sealedSecretApiKey } from '../../lib/secret-api-key';
import { recordWebhookEvent } from '../../lib/webhook-events';
import {
  type ApplicationNames,
  applicantAddress,
  applicationApprovedMessage,
  applicationRejectedMessage,
} from '../enrollment/enrollment-mail';
import { createAccountFromEnrollment, newApiKey } from './account-from-enrollment';
import { type ActionDeps, ActionError, reachEnrollment } from './enrollment-actions.common';
import {
  type EnrollmentRecord,
  findClient,
  lockEnrollment,
  updateClient,
  updateEnrollment,
} from './enrollment-actions.repository';
import { ensureOwnerSignIn, signInAddressOf } from './owner-sign-in';

// A decided application refuses a second decision of either kind with a 409 and changes nothing.
function refuseDecided(decision: 'already_approved' | 'already_rejected' | null): void {
  if (decision === 'already_approved') throw ActionError.AlreadyApproved(Text.AlreadyApproved);
  if (decision === 'already_rejected') throw ActionError.AlreadyRejected(Text.AlreadyRejected);
}

async function applicationNames(tx: Executor, enrollment: EnrollmentRecord): Promise<ApplicationNames> {
  const parent = enrollment.parentId === null ? undefined : await findClient(tx, enrollment.parentId);
  return {
    businessName: enrollment.dbaName ?? enrollment.legalName,
    providerName: parent?.name ?? null,
  };
}

// A refused approval or rejection is audited too (with its outcome), outside the transaction
// that rolled back.
async function auditRefusal(
  deps: ActionDeps,
  caller: Caller,
  action: 'approve' | 'reject',
  enrollmentId: string,
  error: unknown,
): Promise<void> {
  if (!(error instanceof AppError)) return;
  await recordAudit(deps.db, {
    action,
    outcome: 'failure',
    ...auditActorOf(caller),
    targetType: 'enrollment',
    targetId: enrollmentId,
    details: { code: error.code },
  });
}

// PATCH /api/enroll/approve: the client moves to enrolled with a live production API
// key. In one transaction: the account is created from the application (or, when the sandbox
// already made it, enabled), new production keys are issued, the enrollment is BOARDED and linked,
// and the approval is audited.
export async function approveEnrollment(
  deps: ActionDeps,
  caller: Caller,
  enrollmentId: string,
): Promise<ApproveEnrollmentResult> {
  await reachEnrollment(deps.db, caller, enrollmentId);
  try {
    return await deps.db.transaction(async (tx) => {
      const enrollment = await lockEnrollment(tx, enrollmentId);
      if (!enrollment) throw ActionError.EnrollmentNotFound(Text.EnrollmentNotFound);
      const blocker = approvalBlocker(enrollment);
      if (blocker === 'already_approved' || blocker === 'already_rejected') refuseDecided(blocker);
      if (blocker === 'kyc_not_run') throw ActionError.KycRequired(Text.RunKycFirst);
      if (blocker === 'kyc_not_passed') throw ActionError.KycRequired(Text.KycNotPassed);

      // Keys are issued at approval: a sandbox account's placeholder keys never went live.
      const keys = {
        ...sealedSecretApiKey(deps.cipher().encrypt, newApiKey('live')),
        publicKey: newApiKey('public'),
      };
      const isNewClient = enrollment.clientId === null;
      let clientId = enrollment.clientId;
      if (clientId === null) {
        clientId = await createAccountFromEnrollment(tx, deps.cipher(), enrollment, {
          ...keys,
          status: 'Active',
          sandboxApiKey: null,
          isInCertification: false,
        });
      } else {
        // A new key: nothing issued before it keeps working.
        const noPreviousKey = { previousApiKeyHash: null, previousApiKeyExpiresAt: null };
        await updateClient(tx, clientId, { ...keys, ...noPreviousKey, status: 'Active' });
      }
      await updateEnrollment(tx, enrollmentId, {
        clientId,
        applicationStatus: 'BOARDED',
        status: 'Active',
        approvedAt: deps.now(),
        approvedByUserId: caller.session.userId,
      });
      const owner = await ensureOwnerSignIn(tx, enrollment, clientId);
      // Heard by the new merchant's parents (the merchant itself has no endpoint yet).
      await recordWebhookEvent(tx, {
        type: 'enrollment.approved',
        clientId,
        objectType: 'enrollment',
        objectId: enrollmentId,
        data: { merchant_id: clientId, is_new_merchant: isNewClient, approved_at: deps.now().toISOString() },
      });
      await recordAudit(tx, {
        action: 'approve',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'enrollment',
        targetId: enrollmentId,
        clientId,
        details: {
          is_new_client: isNewClient,
          kyc_status: enrollment.kycStatus,
          owner_user: owner.outcome,
          ...(owner.outcome === 'no_address' ? {} : { owner_user_id: owner.userId }),
        },
      });
      if (owner.outcome !== 'no_address') {
        const names = await applicationNames(tx, enrollment);
        await deps.mail.send(
          applicationApprovedMessage(owner.email, names, signInAddressOf(owner), deps.publicUrl),
          tx,
        );
      }
      return {
        enrollment_id: enrollmentId,
        client_id: clientId,
        application_status: 'BOARDED' as const,
        status: 'Active' as const,
        is_new_client: isNewClient,
        public_key: keys.publicKey,
        api_key_last4: keys.apiKeyLast4,
      };
    });
  } catch (error) {
    // The applicant's address was taken by a user created at the same moment: nothing was approved.
    const refusal = isUniqueViolation(error) ? ActionError.DuplicateEmail(Text.DuplicateEmail) : error;
    await auditRefusal(deps, caller, 'approve', enrollmentId, refusal);
    throw refusal;
  }
}

// PATCH /api/enroll/reject: an undecided application is REJECTED and its account, if one
// exists (a sandbox), is Inactive: barred from production payments (contracts
// canProcessProductionPayments). The applicant is told, with the reason when one is given.
export async function rejectEnrollment(deps: ActionDeps, caller: Caller, body: RejectEnrollmentBody) {
  const enrollmentId = body.id;
  const reason = body.reason || null;
  await reachEnrollment(deps.db, caller, enrollmentId);
  try {
    return await deps.db.transaction(async (tx) => {
      const enrollment = await lockEnrollment(tx, enrollmentId);
      if (!enrollment) throw ActionError.EnrollmentNotFound(Text.EnrollmentNotFound);
      refuseDecided(decisionOf(enrollment.applicationStatus));
      await updateEnrollment(tx, enrollmentId, {
        applicationStatus: 'REJECTED',
        status: 'Inactive',
        rejectedAt: deps.now(),
        rejectedByUserId: caller.session.userId,
      });
      if (enrollment.clientId !== null) await updateClient(tx, enrollment.clientId, { status: 'Inactive' });
      await recordAudit(tx, {
        action: 'reject',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'enrollment',
        targetId: enrollmentId,
        clientId: enrollment.clientId,
        details: { previous_status: enrollment.applicationStatus, reason },
      });
      const applicant = applicantAddress(enrollment.email);
      if (applicant !== null) {
        const names = await applicationNames(tx, enrollment);
        await deps.mail.send(applicationRejectedMessage(applicant, names, reason), tx);
      }
      return {
        enrollment_id: enrollmentId,
        client_id: enrollment.clientId,
        application_status: 'REJECTED' as const,
      };
    });
  } catch (error) {
    await auditRefusal(deps, caller, 'reject', enrollmentId, error);
    throw error;
  }
}
