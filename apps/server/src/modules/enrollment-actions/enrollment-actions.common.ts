import {
  EnrollmentActionErrorCode as Code,
  EnrollmentActionText as Text,
} from '@portico/contracts/enrollment/enrollment-actions';
import type { Caller } from '../../access/caller';
import { authorizeEnrollment } from '../../access/owner-access';
import type { Db } from '../../db/client';
import type { KycProvider } from '../../integrations/kyc/kyc-provider';
import type { MailService } from '../../integrations/mail/mail-service';
import { defineErrors } from '../../lib/app-error';
import type { FieldCipher } from '../../lib/crypto/field-cipher';

// One list of the module's failures; the kind decides the HTTP status (plugins/errors.ts).
export const ActionError = defineErrors({
  EnrollmentNotFound: [Code.EnrollmentNotFound, 'not_found'],
  KycUnavailable: [Code.KycUnavailable, 'unavailable'],
  KycRequired: [Code.KycRequired, 'business_rule'],
  AlreadyApproved: [Code.AlreadyApproved, 'conflict'],
  AlreadyRejected: [Code.AlreadyRejected, 'conflict'],
  UnknownParent: [Code.UnknownParent, 'validation'],
  AmbiguousParent: [Code.AmbiguousParent, 'conflict'],
  ParentCycle: [Code.ParentCycle, 'business_rule'],
  DuplicateEmail: [Code.DuplicateEmail, 'conflict'],
  RejectedNoSandbox: [Code.RejectedNoSandbox, 'conflict'],
  NoAccountYet: [Code.NoAccountYet, 'conflict'],
  SandboxMissing: [Code.SandboxMissing, 'conflict'],
  NotApproved: [Code.NotApproved, 'conflict'],
  NotADeveloperAccount: [Code.NotADeveloperAccount, 'conflict'],
  DeveloperNotEnrolled: [Code.DeveloperNotEnrolled, 'business_rule'],
  EmailNotDelivered: [Code.EmailNotDelivered, 'unavailable'],
});

// What the services use, handed over by the routes plugin.
export type ActionDeps = {
  db: Db;
  cipher: () => FieldCipher;
  now: () => Date;
  kyc: KycProvider;
  mail: MailService;
  publicUrl: string;
};

// The enrollment must be within the caller's reach (staff: any; a missing one is a 404 for staff).
export async function reachEnrollment(db: Db, caller: Caller, enrollmentId: string): Promise<void> {
  await authorizeEnrollment(db, caller, enrollmentId, () =>
    ActionError.EnrollmentNotFound(Text.EnrollmentNotFound),
  );
}
