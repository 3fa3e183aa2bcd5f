import {
  type KycLogEntry,
  type KycNoteData,
  type KycView,
  kycNoteDataSchema,
  EnrollmentActionText as Text,
} from '@portico/contracts/enrollment/enrollment-actions';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { KycAddress, KycResult, KycSubject } from '../../integrations/kyc/kyc-provider';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { listEnrollmentPrincipals } from '../enrollment/enrollment.repository';
import { type ActionDeps, ActionError, reachEnrollment } from './enrollment-actions.common';
import {
  type EnrollmentPrincipalRecord,
  type EnrollmentRecord,
  findEnrollment,
  findKycNote,
  insertKycNote,
  type KycNoteRecord,
  listKycNotes,
  updateEnrollment,
} from './enrollment-actions.repository';

function revealed(cipher: FieldCipher, stored: string | null, column: string): string | null {
  return stored === null ? null : cipher.decrypt(stored, column);
}

function principalAddress(principal: EnrollmentPrincipalRecord): KycAddress {
  return {
    line1: principal.addressLine1,
    line2: principal.addressLine2,
    city: principal.city,
    state: principal.stateProvince,
    postalCode: principal.postalCode,
  };
}

// What the provider is asked about. The SSNs, dates of birth and the tax id are decrypted here, for
// this call only: the subject is never stored, logged or answered.
function kycSubjectOf(
  cipher: FieldCipher,
  enrollment: EnrollmentRecord,
  principals: readonly EnrollmentPrincipalRecord[],
): KycSubject {
  const businessAddress: KycAddress = {
    line1: enrollment.businessAddress1,
    line2: enrollment.businessAddress2,
    city: enrollment.businessCity,
    state: enrollment.businessStateProvince,
    postalCode: enrollment.businessPostalCode,
  };
  const people = principals.map((principal) => ({
    label: `Principal ${principal.position}`,
    firstName: principal.firstName,
    lastName: principal.lastName,
    ssn: revealed(cipher, principal.ssnEnc, encryptedColumn.enrollmentPrincipalSsn),
    dateOfBirth: revealed(cipher, principal.dateOfBirthEnc, encryptedColumn.enrollmentPrincipalDateOfBirth),
    address: principalAddress(principal),
  }));
  // An agent applies as a person: without owners on file, the applicant is the one to verify.
  if (people.length === 0 && enrollment.applicationType === 'Agent') {
    people.push({
      label: 'Applicant',
      firstName: enrollment.firstName,
      lastName: enrollment.lastName,
      ssn: null,
      dateOfBirth: null,
      address: businessAddress,
    });
  }
  return {
    enrollmentId: enrollment.id,
    applicationType: enrollment.applicationType,
    business: {
      legalName: enrollment.legalName,
      dbaName: enrollment.dbaName,
      taxId: revealed(cipher, enrollment.fedTxIdEnc, encryptedColumn.enrollmentFedTxId),
      address: businessAddress,
    },
    people,
  };
}

const statusWords = { passed: 'passed', failed: 'failed', needs_review: 'needs review' } as const;

function kycComment(data: KycNoteData): string {
  const findings = data.checks
    .filter((check) => check.outcome !== 'passed')
    .map((check) => `${check.subject}: ${check.reason}`);
  const head = `KYC ${statusWords[data.status]} (${data.provider} ${data.reference})`;
  return findings.length === 0 ? head : `${head}. ${findings.join('; ')}`;
}

function authorOf(record: Pick<KycNoteRecord, 'authorName' | 'authorEmail'>): string | null {
  const name = record.authorName?.trim();
  return name ? name : (record.authorEmail ?? null);
}

function toLogEntry(record: KycNoteRecord): KycLogEntry | null {
  const data = kycNoteDataSchema.safeParse(record.data);
  if (!data.success) return null;
  return {
    id: record.id,
    created_at: record.createdAt.toISOString(),
    status: data.data.status,
    provider: data.data.provider,
    reference: data.data.reference,
    checks: data.data.checks,
    comment: record.comment,
    author: authorOf(record),
  };
}

async function askProvider(deps: ActionDeps, subject: KycSubject): Promise<KycResult | null> {
  try {
    return await deps.kyc.verify(subject);
  } catch {
    // The provider's error may quote what it was sent; it is neither logged nor answered.
    return null;
  }
}

// POST /api/kyc: the provider checks the business and its owners; the result is stored on the
// enrollment and as a KYC note (the log), with an audit entry. A provider that cannot answer
// leaves everything as it was.
export async function runKyc(
  deps: ActionDeps,
  caller: Caller,
  enrollmentId: string,
  log: { warn(details: Record<string, unknown>, message: string): void },
) {
  await reachEnrollment(deps.db, caller, enrollmentId);
  const enrollment = await findEnrollment(deps.db, enrollmentId);
  if (!enrollment) throw ActionError.EnrollmentNotFound(Text.EnrollmentNotFound);
  const principals = await listEnrollmentPrincipals(deps.db, enrollmentId);
  // The decrypted subject lives only for this call; a decryption failure is our fault, not the
  // provider's, and surfaces as such.
  const answer = await askProvider(deps, kycSubjectOf(deps.cipher(), enrollment, principals));
  const parsed = kycNoteDataSchema.safeParse(
    answer
      ? { status: answer.status, provider: deps.kyc.name, reference: answer.reference, checks: answer.checks }
      : null,
  );
  const audit = {
    action: 'enrollment.kyc' as const,
    ...auditActorOf(caller),
    targetType: 'enrollment',
    targetId: enrollmentId,
    clientId: enrollment.clientId ?? enrollment.parentId,
  };
  if (!parsed.success) {
    await recordAudit(deps.db, { ...audit, outcome: 'failure', details: { provider: deps.kyc.name } });
    log.warn({ provider: deps.kyc.name, enrollmentId }, 'KYC provider gave no usable answer');
    throw ActionError.KycUnavailable(Text.KycUnavailable);
  }
  const data = parsed.data;
  const checkedAt = deps.now();
  const comment = kycComment(data);
  return deps.db.transaction(async (tx) => {
    await updateEnrollment(tx, enrollmentId, { kycStatus: data.status, kycCheckedAt: checkedAt });
    const noteId = await insertKycNote(tx, {
      enrollmentId,
      comment,
      data: { message: comment, ...data },
      createdByUserId: caller.session.userId,
      createdAt: checkedAt,
    });
    await recordAudit(tx, {
      ...audit,
      outcome: 'success',
      details: { status: data.status, provider: data.provider, reference: data.reference },
    });
    const record = await findKycNote(tx, noteId);
    const entry = record ? toLogEntry(record) : null;
    if (!entry) throw new Error('the KYC note just written is missing');
    return {
      enrollment_id: enrollmentId,
      kyc_status: data.status,
      kyc_checked_at: checkedAt.toISOString(),
      entry,
    };
  });
}

// GET /api/kyc?id=: the status on the enrollment and every run, newest first.
export async function viewKyc(
  deps: Pick<ActionDeps, 'db'>,
  caller: Caller,
  enrollmentId: string,
): Promise<KycView> {
  await reachEnrollment(deps.db, caller, enrollmentId);
  const enrollment = await findEnrollment(deps.db, enrollmentId);
  if (!enrollment) throw ActionError.EnrollmentNotFound(Text.EnrollmentNotFound);
  const records = await listKycNotes(deps.db, enrollmentId);
  return {
    enrollment_id: enrollmentId,
    kyc_status: enrollment.kycStatus,
    kyc_checked_at: enrollment.kycCheckedAt?.toISOString() ?? null,
    entries: records.flatMap((record) => toLogEntry(record) ?? []),
  };
}
