import {
  type CertificationRegistrationAnswer,
  type CertificationRegistrationBody,
  CertificationRegistrationErrorCode,
  CertificationRegistrationText,
} from '@portico/contracts/developers/certification-registration';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { Db } from '../../db/client';
import type { MailService } from '../../integrations/mail/mail-service';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { certificationInstructionsMessage } from './certification-instructions';
import {
  findUnsentRegistrationForUpdate,
  insertRegistration,
  markInstructionsSent,
  type RegistrationValues,
  updateRegistration,
} from './developer-certification.repository';

// 'unavailable' (503): the mail server, an outside service, refused; the call may be retried.
export const CertificationRegistrationError = defineErrors({
  InstructionsNotSent: [CertificationRegistrationErrorCode.InstructionsNotSent, 'unavailable'],
});

export type CertificationDeps = { db: Db; mail: MailService; supportEmail: string };

function valuesOf(body: CertificationRegistrationBody): RegistrationValues {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    company: body.company,
    features: [...body.features],
    expectedMerchantsNow: body.expectedMerchantsNow ?? null,
    expectedMerchants90Days: body.expectedMerchants90Days ?? null,
    callbackUrl: body.callbackUrl ? body.callbackUrl : null,
  };
}

// Store the registration, then e-mail the test instructions to the registrant and
// developer support. The registration commits first so a mail server that is down loses no lead; a
// retry from the same address updates that unsent registration instead of adding another.
export async function registerDeveloper(
  deps: CertificationDeps,
  caller: Caller,
  body: CertificationRegistrationBody,
): Promise<CertificationRegistrationAnswer> {
  const values = valuesOf(body);
  const id = await deps.db.transaction(async (tx) => {
    const unsent = await findUnsentRegistrationForUpdate(tx, values.email);
    let registrationId: string;
    if (unsent) {
      await updateRegistration(tx, unsent.id, values);
      registrationId = unsent.id;
    } else {
      registrationId = await insertRegistration(tx, values);
    }
    await recordAudit(tx, {
      action: 'developer_registration.create',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'developer_registration',
      targetId: registrationId,
      details: { features: values.features, replaces_unsent: unsent !== undefined },
    });
    return registrationId;
  });

  // Outside the transaction: SMTP latency never holds a database connection.
  const outcome = await deps.mail.send(certificationInstructionsMessage(body, deps.supportEmail));
  // pending: no SMTP configured, the message waits in the outbox (dev mailbox); that is handed over.
  if (outcome.status === 'failed') {
    throw CertificationRegistrationError.InstructionsNotSent(CertificationRegistrationText.EmailFailed);
  }
  const sentAt = await markInstructionsSent(deps.db, id);
  return { id, instructionsSentAt: sentAt.toISOString() };
}
