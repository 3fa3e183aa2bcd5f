import {
  type ApproveEnrollmentResult,
  approvalBlocker,
  isRejectable,
  EnrollmentActionText as Text,
} from '@portico/contracts/enrollment/enrollment-actions';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { sealedSecretApiKey } from '../../lib/secret-api-key';
import { createAccountFromEnrollment, newApiKey } from './account-from-enrollment';
import { type ActionDeps, ActionError, reachEnrollment } from './enrollment-actions.common';
import { lockEnrollment, updateClient, updateEnrollment } from './enrollment-actions.repository';

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
      if (blocker === 'already_approved') throw ActionError.AlreadyApproved(Text.AlreadyApproved);
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
      await recordAudit(tx, {
        action: 'approve',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'enrollment',
        targetId: enrollmentId,
        clientId,
        details: { is_new_client: isNewClient, kyc_status: enrollment.kycStatus },
      });
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
    await auditRefusal(deps, caller, 'approve', enrollmentId, error);
    throw error;
  }
}

// PATCH /api/enroll/reject: the application is REJECTED and its account, if one
// exists, is Inactive: barred from production payments (contracts canProcessProductionPayments).
export async function rejectEnrollment(deps: ActionDeps, caller: Caller, enrollmentId: string) {
  await reachEnrollment(deps.db, caller, enrollmentId);
  try {
    return await deps.db.transaction(async (tx) => {
      const enrollment = await lockEnrollment(tx, enrollmentId);
      if (!enrollment) throw ActionError.EnrollmentNotFound(Text.EnrollmentNotFound);
      if (!isRejectable(enrollment.applicationStatus)) {
        throw ActionError.AlreadyRejected(Text.AlreadyRejected);
      }
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
        details: { previous_status: enrollment.applicationStatus },
      });
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
