import { createHash, randomUUID } from 'node:crypto';
import {
  centsOf,
  type EnrollBody,
  EnrollErrorCode,
  EnrollText,
  type OnboardingRow,
  type ParentOption,
} from '@portico/contracts/enrollment/enroll';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { canReachEveryMerchant } from '../../access/merchant-scope';
import type { Db } from '../../db/client';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { MailService } from '../../integrations/mail/mail-service';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { insertDocument } from '../documents/documents.repository';
import { checkFileSignature } from '../documents/file-signature';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import {
  insertEnrollment,
  isApprovedMccCode,
  listApprovedMccCodes,
  listOnboardingRows,
  listParentClients,
  type NewEnrollmentPrincipal,
} from './enrollment.repository';
import { applicantAddress, applicationSubmittedMessage } from './enrollment-mail';

export const EnrollError = defineErrors({
  MccNotApproved: [EnrollErrorCode.MccNotApproved, 'validation'],
  DocumentContent: [EnrollErrorCode.DocumentContent, 'unsupported_media_type'],
});

export async function approvedMccCodes(db: Db): Promise<Record<string, string>> {
  const rows = await listApprovedMccCodes(db);
  return Object.fromEntries(rows.map((row) => [row.code, row.description]));
}

// Parent assignment: staff may enroll under any parent; anyone else under the
// parent-level clients within their reach (a parent's staff enroll under their own parent).
export async function assignableParents(db: Db, caller: Caller): Promise<ParentOption[]> {
  const rows =
    caller.viewAsClientId === null && canReachEveryMerchant(caller.actingRole)
      ? await listParentClients(db, 'all')
      : await listParentClients(
          db,
          (await listMerchantsUserCanActFor(db, caller.session, caller.viewAsClientId)).map((c) => c.id),
        );
  return rows.map((row) => ({ parent_id: row.id, name: row.name }));
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

function sealed(cipher: FieldCipher, value: string | undefined, column: string) {
  if (value === undefined) return { enc: null, last4: null };
  const digits = digitsOf(value);
  return { enc: cipher.encrypt(digits, column), last4: digits.slice(-4) };
}

function decodeBase64(content: string): Buffer | null {
  // Accept a bare base64 text or a data URL (what FileReader.readAsDataURL gives).
  const bare = content.includes(',') ? content.slice(content.indexOf(',') + 1) : content;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bare)) return null;
  const bytes = Buffer.from(bare, 'base64');
  return bytes.length === 0 ? null : bytes;
}

export type EnrollDeps = { db: Db; cipher: () => FieldCipher; mail: MailService };

// Enroll: the application, its principals, its agreement and the applicant's "application received"
// e-mail (when the application names an address) in one transaction.
export async function enroll(deps: EnrollDeps, caller: Caller, body: EnrollBody): Promise<{ id: string }> {
  const { db, cipher } = deps;
  // The schema's rules made parent present and a uuid.
  const parentId = body.parent ?? '';
  const parents = await assignableParents(db, caller);
  const parent = parents.find((option) => option.parent_id === parentId);
  if (!parent) {
    await denyAccess(caller, 'merchant', {
      merchantId: null,
      code: EnrollErrorCode.ParentNotAllowed,
      message: EnrollText.ParentNotAllowed,
    });
  }
  if (body.mcc_code !== undefined && !(await isApprovedMccCode(db, body.mcc_code))) {
    throw EnrollError.MccNotApproved(EnrollText.MccNotApproved);
  }
  let agreement: Buffer | null = null;
  if (body.document) {
    agreement = decodeBase64(body.document.content);
    if (!agreement || !checkFileSignature('pdf', agreement).matches) {
      throw EnrollError.DocumentContent(EnrollText.PdfOnly);
    }
  }

  const fieldCipher = cipher();
  const taxId = sealed(fieldCipher, body.fed_tx_id, encryptedColumn.enrollmentFedTxId);
  const account = sealed(fieldCipher, body.account_number, encryptedColumn.enrollmentAccountNumber);
  const routing = sealed(fieldCipher, body.routing_number, encryptedColumn.enrollmentRoutingNumber);
  const principals: NewEnrollmentPrincipal[] = (body.principals ?? []).map((principal, index) => {
    const ssn = sealed(fieldCipher, principal.ssn, encryptedColumn.enrollmentPrincipalSsn);
    return {
      position: index + 1,
      firstName: principal.first_name ?? null,
      lastName: principal.last_name ?? null,
      ssnEnc: ssn.enc,
      ssnLast4: ssn.last4,
      dateOfBirthEnc:
        principal.date_of_birth === undefined
          ? null
          : fieldCipher.encrypt(principal.date_of_birth, encryptedColumn.enrollmentPrincipalDateOfBirth),
      title: principal.title ?? null,
      ownershipPercent: principal.ownership_percentage ?? null,
      phoneNumber: principal.phone_number ?? null,
      addressLine1: principal.address_line_1 ?? null,
      addressLine2: principal.address_line_2 ?? null,
      city: principal.city ?? null,
      stateProvince: principal.state_province ?? null,
      postalCode: principal.postal_code ?? null,
    };
  });
  const isAgent = body.application_type === 'Agent';
  // Agents enroll as a person: their name is the application's name in the onboarding grid.
  const personName = [body.first_name, body.last_name].filter(Boolean).join(' ') || null;
  const applicantEmail = applicantAddress(body.email ?? null);
  const dbaName = isAgent ? personName : (body.dba_name ?? null);
  const legalName = isAgent ? personName : (body.legal_name ?? null);

  return db.transaction(async (tx) => {
    const id = await insertEnrollment(
      tx,
      {
        parentId,
        applicationType: body.application_type,
        // A fresh application is New (null) in both status fields until reviewed.
        applicationStatus: null,
        status: null,
        level: body.level ?? (body.application_type === 'Merchant' ? 'Merchant' : 'Parent'),
        isFromPortal: body.is_from_portal ?? false,
        dbaName,
        legalName,
        firstName: body.first_name ?? null,
        lastName: body.last_name ?? null,
        ownershipType: body.ownership_type ?? null,
        fedTxIdEnc: taxId.enc,
        fedTxIdLast4: taxId.last4,
        businessDescription: body.business_description ?? null,
        startDate: body.start_date ?? null,
        businessAddress1: body.business_address_1 ?? null,
        businessAddress2: body.business_address_2 ?? null,
        businessCity: body.business_city ?? null,
        businessStateProvince: body.business_state_province ?? null,
        businessPostalCode: body.business_postal_code ?? null,
        email: body.email?.trim().toLowerCase() ?? null,
        businessPhoneNumber: body.business_phone_number ?? null,
        website: body.website ?? null,
        accountNumberEnc: account.enc,
        accountNumberLast4: account.last4,
        routingNumberEnc: routing.enc,
        routingNumberLast4: routing.last4,
        accountType: body.account_type ?? null,
        cardRate: body.card_rate ?? null,
        achRate: body.ach_rate ?? null,
        mccCode: body.mcc_code ?? null,
        avgTicketCents: centsOf(body.avg_ticket),
        monthlyVolumeCents: centsOf(body.monthly_volume),
        submittedByUserId: caller.session.userId,
      },
      principals,
    );
    let documentId: string | null = null;
    if (agreement && body.document) {
      documentId = await insertDocument(
        tx,
        {
          clientId: null,
          enrollmentId: id,
          tag: 'agreement',
          note: null,
          fileName: body.document.name.replace(/[\\/\0]/g, '_').slice(0, 255),
          extension: 'pdf',
          mimeType: 'application/pdf',
          sizeBytes: agreement.length,
          // Generated, never derived from the uploader's name.
          storageKey: `documents/${randomUUID()}.pdf`,
          sha256: createHash('sha256').update(agreement).digest('hex'),
          uploadedByUserId: caller.session.userId,
        },
        agreement,
      );
    }
    await recordAudit(tx, {
      action: 'enrollment.create',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'enrollment',
      targetId: id,
      clientId: parentId,
      details: { application_type: body.application_type, document_id: documentId },
    });
    if (applicantEmail !== null) {
      await deps.mail.send(
        applicationSubmittedMessage(applicantEmail, {
          businessName: dbaName ?? legalName,
          providerName: parent?.name ?? null,
        }),
        tx,
      );
    }
    return { id };
  });
}

// Staff see every enrollment; a user who is a member of a parent ('parent members only')
// sees those filed under the parents it acts for.
export async function onboardingRows(db: Db, caller: Caller): Promise<OnboardingRow[]> {
  const everyEnrollment = caller.viewAsClientId === null && canReachEveryMerchant(caller.actingRole);
  const parentIds = everyEnrollment
    ? 'all'
    : (await assignableParents(db, caller)).map((parent) => parent.parent_id);
  const rows = await listOnboardingRows(db, parentIds);
  return rows.map((row) => ({
    id: row.id,
    dba_name: row.dbaName,
    legal_name: row.legalName,
    created_at: row.createdAt.toISOString(),
    application_status: row.applicationStatus,
  }));
}
