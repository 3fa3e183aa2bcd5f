import {
  type developerEmailBody,
  type enrollDeveloperBody,
  EnrollmentActionText as Text,
} from '@portico/contracts/enrollment/enrollment-actions';
import type { z } from 'zod';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { recordAudit } from '../../lib/audit';
import { lastFourAsIssued } from '../../lib/masking';
import { sealedSecretApiKey } from '../../lib/secret-api-key';
import { createAccountFromEnrollment, newApiKey } from './account-from-enrollment';
import { developerEmailOf } from './developer-email';
import { type ActionDeps, ActionError, reachEnrollment } from './enrollment-actions.common';
import {
  type ClientRecord,
  ensureMembership,
  findClient,
  findEnrollment,
  findUserByEmail,
  insertUser,
  isMemberOrDefault,
  lockClient,
  lockEnrollment,
  updateClient,
  updateEnrollment,
} from './enrollment-actions.repository';

// POST /api/createsandbox?id={enrollment}: the certification account (status in_development).
// Without an account yet, the account is created from the application in sandbox state: it may not
// process production payments until approved. An existing account keeps its status when live and
// gets a sandbox API key; asking again answers the same sandbox.
export async function createSandbox(deps: ActionDeps, caller: Caller, enrollmentId: string) {
  await reachEnrollment(deps.db, caller, enrollmentId);
  return deps.db.transaction(async (tx) => {
    const enrollment = await lockEnrollment(tx, enrollmentId);
    if (!enrollment) throw ActionError.EnrollmentNotFound(Text.EnrollmentNotFound);
    if (enrollment.applicationStatus === 'REJECTED')
      throw ActionError.RejectedNoSandbox(Text.RejectedNoSandbox);
    let clientId = enrollment.clientId;
    const isNewClient = clientId === null;
    let sandboxKey: string;
    let status: 'in_development' | 'Active' = 'in_development';
    if (clientId === null) {
      sandboxKey = newApiKey('sandbox');
      // The live secret key column cannot be empty: it never goes live, approval issues new keys. The
      // publishable key is a test key: the frame takes the sandbox's test payments with it.
      clientId = await createAccountFromEnrollment(tx, deps.cipher(), enrollment, {
        ...sealedSecretApiKey(deps.cipher().encrypt, newApiKey('live')),
        publicKey: newApiKey('sandbox-public'),
        status,
        sandboxApiKey: sandboxKey,
        isInCertification: true,
      });
    } else {
      const client = await lockClient(tx, clientId);
      if (!client) throw new Error('the enrollment names an account that does not exist');
      sandboxKey = client.sandboxApiKey ?? newApiKey('sandbox');
      if (client.status === 'Active') status = 'Active';
      await updateClient(tx, clientId, { sandboxApiKey: sandboxKey, isInCertification: true, status });
    }
    await updateEnrollment(tx, enrollmentId, {
      clientId,
      ...(enrollment.applicationStatus === 'BOARDED' ? {} : { status: 'in_development' as const }),
    });
    await recordAudit(tx, {
      action: 'enrollment.sandbox',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'enrollment',
      targetId: enrollmentId,
      clientId,
      details: { is_new_client: isNewClient },
    });
    return {
      enrollment_id: enrollmentId,
      client_id: clientId,
      is_new_client: isNewClient,
      status,
      sandbox_api_key_last4: lastFourAsIssued(sandboxKey),
    };
  });
}

async function accountOfEnrollment(deps: ActionDeps, caller: Caller, id: string) {
  await reachEnrollment(deps.db, caller, id);
  const enrollment = await findEnrollment(deps.db, id);
  if (!enrollment) throw ActionError.EnrollmentNotFound(Text.EnrollmentNotFound);
  const client: ClientRecord | undefined =
    enrollment.clientId === null ? undefined : await findClient(deps.db, enrollment.clientId);
  if (!client) throw ActionError.NoAccountYet(Text.NoAccountYet);
  return { enrollment, client };
}

// POST /api/enroll/developer: the lead developer gets a portal account (a user of the merchant,
// category Technology). Sandbox enrolment needs the sandbox; production enrolment needs the
// approval. A developer already on file is given access to this account too.
export async function enrollDeveloper(
  deps: ActionDeps,
  caller: Caller,
  body: z.output<typeof enrollDeveloperBody>,
) {
  const { enrollment, client } = await accountOfEnrollment(deps, caller, body.id);
  if (body.environment === 'sandbox' && !(client.isInCertification && client.sandboxApiKey)) {
    throw ActionError.SandboxMissing(Text.SandboxMissing);
  }
  if (
    body.environment === 'production' &&
    !(enrollment.applicationStatus === 'BOARDED' && client.status === 'Active')
  ) {
    throw ActionError.NotApproved(Text.NotApproved);
  }
  return deps.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, body.email);
    if (existing && existing.userType !== 'user') {
      throw ActionError.NotADeveloperAccount(Text.NotADeveloperAccount);
    }
    const userId =
      existing?.id ??
      (
        await insertUser(tx, {
          name: body.name,
          email: body.email,
          userType: 'user',
          label: 'Technology',
          defaultClientId: client.id,
        })
      ).id;
    await ensureMembership(tx, userId, client.id);
    await recordAudit(tx, {
      action: 'enrollment.developer',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'user',
      targetId: userId,
      clientId: client.id,
      details: { enrollment_id: enrollment.id, environment: body.environment, is_new_user: !existing },
    });
    return { user_id: userId, client_id: client.id, environment: body.environment, is_new_user: !existing };
  });
}

// POST /api/enroll/developer/email: the instructions go to an enrolled developer. A message the
// SMTP server refuses is a failure ('Dev email not sent!'); without SMTP it waits in the outbox.
export async function sendDeveloperEmail(
  deps: ActionDeps,
  caller: Caller,
  body: z.output<typeof developerEmailBody>,
) {
  const { enrollment, client } = await accountOfEnrollment(deps, caller, body.id);
  const developer = await findUserByEmail(deps.db, body.email);
  if (!developer || !(await isMemberOrDefault(deps.db, developer.id, client.id))) {
    throw ActionError.DeveloperNotEnrolled(Text.DeveloperNotEnrolled);
  }
  const outcome = await deps.mail.send(
    developerEmailOf({
      developerName: developer.name,
      developerEmail: developer.email,
      merchantName: client.name,
      publicUrl: deps.publicUrl,
      isInCertification: client.isInCertification,
      isLive: enrollment.applicationStatus === 'BOARDED' && client.status === 'Active',
    }),
  );
  const isDelivered = outcome.status !== 'failed';
  await recordAudit(deps.db, {
    action: 'enrollment.developer_email',
    outcome: isDelivered ? 'success' : 'failure',
    ...auditActorOf(caller),
    targetType: 'user',
    targetId: developer.id,
    clientId: client.id,
    details: { enrollment_id: enrollment.id, outbox_id: outcome.outboxId, delivery: outcome.status },
  });
  if (outcome.status === 'failed') throw ActionError.EmailNotDelivered(Text.EmailNotDelivered);
  return { delivery: outcome.status };
}
