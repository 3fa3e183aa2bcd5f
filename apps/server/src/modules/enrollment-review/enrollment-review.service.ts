import { EnrollErrorCode, EnrollText } from '@portico/contracts/enrollment/enroll';
import {
  type EnrollmentEditMeta,
  type EnrollmentRecord,
  EnrollmentRecordErrorCode,
  EnrollmentRecordText,
  enrollmentRecordSchema,
  isProcessingFieldName,
  type MoneyFieldName,
  maskedAccountNumber,
  maskedDateOfBirth,
  maskedRoutingNumber,
  maskedSsn,
  maskedTaxId,
  moneyFieldNames,
  type PrincipalPrefix,
  principalPrefixes,
  type SensitiveChange,
  type TransactionMixFieldName,
  transactionMixFieldNames,
} from '@portico/contracts/enrollment/enrollment-record';
import { formatCentsAsDecimal, parseDecimalToCents } from '@portico/contracts/money/money';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { findEnrollmentOwner } from '../../access/merchant-scope.repository';
import { authorizeEnrollment } from '../../access/owner-access';
import type { Db } from '../../db/client';
import { type EncryptedColumn, encryptedColumn } from '../../db/schema/encrypted-columns';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { isApprovedMccCode, listEnrollmentPrincipals } from '../enrollment/enrollment.repository';
import { assignableParents } from '../enrollment/enrollment.service';
import {
  type EnrollmentChanges,
  type EnrollmentPrincipalRow,
  type EnrollmentRow,
  findEnrollmentRecord,
  lockEnrollment,
  type PrincipalChanges,
  updateEnrollment,
  upsertEnrollmentPrincipal,
} from './enrollment-review.repository';

export const EnrollmentReviewError = defineErrors({
  NotFound: [EnrollmentRecordErrorCode.NotFound, 'not_found'],
  MccNotApproved: [EnrollErrorCode.MccNotApproved, 'validation'],
  NameRequired: ['ENROLLMENT_NAME_REQUIRED', 'validation'],
});

const notFound = () => EnrollmentReviewError.NotFound(EnrollmentRecordText.NotFound);

// ---- Reading ----

const moneyColumns = {
  high_ticket: 'highTicketCents',
  avg_ticket: 'avgTicketCents',
  monthly_volume: 'monthlyVolumeCents',
  monthly_high_volume: 'monthlyHighVolumeCents',
  etf: 'etfCents',
  reg_fee: 'regFeeCents',
  pci_fee: 'pciFeeCents',
  monthly_fee: 'monthlyFeeCents',
  monthly_min: 'monthlyMinCents',
  annual_fee: 'annualFeeCents',
  chargeback_fee: 'chargebackFeeCents',
  retrieval_fee: 'retrievalFeeCents',
  ach_noc: 'achNocCents',
  ach_return: 'achReturnCents',
  tin_mismatch: 'tinMismatchCents',
} as const satisfies Record<MoneyFieldName, keyof EnrollmentRow>;

const mixColumns = {
  card_swiped: 'cardSwipedPercent',
  keyed_card_present_not_imprinted: 'keyedCardPresentNotImprintedPercent',
  mail_or_phone_order: 'mailOrPhoneOrderPercent',
  internet: 'internetPercent',
} as const satisfies Record<TransactionMixFieldName, keyof EnrollmentRow>;

function dollars(cents: number | null): string | null {
  return cents === null ? null : formatCentsAsDecimal(cents);
}

function masked(last4: string | null, mask: (last4: string) => string): string | null {
  return last4 ? mask(last4) : null;
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

function principalRecord(prefix: PrincipalPrefix, row: EnrollmentPrincipalRow | undefined) {
  const fields = {
    first_name: row?.firstName ?? null,
    last_name: row?.lastName ?? null,
    // Never the clear values: last four of the SSN, nothing of the date of birth.
    ssn: masked(row?.ssnLast4 ?? null, maskedSsn),
    date_of_birth: row?.dateOfBirthEnc ? maskedDateOfBirth : null,
    ownership_percent: row?.ownershipPercent ?? null,
    title: row?.title ?? null,
    phone_number: row?.phoneNumber ?? null,
    email: row?.email ?? null,
    address_line_one: row?.addressLine1 ?? null,
    address_line_two: row?.addressLine2 ?? null,
    city: row?.city ?? null,
    state_province: row?.stateProvince ?? null,
    postal_code: row?.postalCode ?? null,
  };
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [`${prefix}${key}`, value]));
}

type RecordSource = NonNullable<Awaited<ReturnType<typeof findEnrollmentRecord>>>;

// Parsed (and later serialised) by enrollmentRecordSchema, which also refuses any unmasked number.
function toRecord(source: RecordSource, principals: readonly EnrollmentPrincipalRow[]): EnrollmentRecord {
  const row = source.enrollment;
  const principalFields = Object.assign(
    {},
    ...principalPrefixes.map((prefix, index) =>
      principalRecord(
        prefix,
        principals.find((principal) => principal.position === index + 1),
      ),
    ),
  );
  const moneyFields = Object.fromEntries(
    moneyFieldNames.map((name) => [name, dollars(row[moneyColumns[name]])]),
  );
  const mixFields = Object.fromEntries(transactionMixFieldNames.map((name) => [name, row[mixColumns[name]]]));
  return enrollmentRecordSchema.parse({
    id: row.id,
    parent_id: row.parentId,
    client_id: row.clientId,
    application_type: row.applicationType,
    application_status: row.applicationStatus,
    status: row.status,
    level: row.level,
    dba_name: row.dbaName,
    legal_name: row.legalName,
    first_name: row.firstName,
    last_name: row.lastName,
    ownership_type: row.ownershipType,
    fed_tx_id: masked(row.fedTxIdLast4, maskedTaxId),
    business_description: row.businessDescription,
    start_date: row.startDate,
    business_address_one: row.businessAddress1,
    business_address_two: row.businessAddress2,
    business_city: row.businessCity,
    business_state_province: row.businessStateProvince,
    business_postal_code: row.businessPostalCode,
    email: row.email,
    business_phone_number: row.businessPhoneNumber,
    website: row.website,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    enroll_email: source.enrollEmail,
    w_enrollMessage: source.welcomeMessage,
    parent_name: source.parentName,
    white_label: source.whiteLabel,
    ...principalFields,
    account_number: masked(row.accountNumberLast4, maskedAccountNumber),
    routing_number: masked(row.routingNumberLast4, maskedRoutingNumber),
    account_type: row.accountType,
    payment: row.payment,
    card_rate: row.cardRate,
    card_p2c: row.cardP2c,
    ach: row.ach,
    ach_rate: row.achRate,
    ach_p2c: row.achP2c,
    crypto: row.crypto,
    crypto_rate: row.cryptoRate,
    crypto_p2c: row.cryptoP2c,
    devices: row.devices,
    settlement: row.settlement,
    mcc_code: row.mccCode,
    label: row.label,
    mark_up: row.markUp,
    rev_share: row.revShare,
    ...mixFields,
    ...moneyFields,
    low_rate: row.lowRate,
    kyc_status: row.kycStatus,
    kyc_checked_at: iso(row.kycCheckedAt),
    cta_sent_at: iso(row.ctaSentAt),
    agreed_at: iso(row.agreedAt),
    approved_at: iso(row.approvedAt),
    rejected_at: iso(row.rejectedAt),
  });
}

// A user reaches an enrollment only as a member of the parent it is filed under (the Onboarding
// grid's scope), never through the merchant account the application became.
async function authorizeReview(db: Db, caller: Caller, id: string) {
  if (caller.actingRole === 'user') {
    const owner = await findEnrollmentOwner(db, id);
    const parentIds = (await assignableParents(db, caller)).map((parent) => parent.parent_id);
    if (!owner?.parentId || !parentIds.includes(owner.parentId)) {
      await denyAccess(caller, 'merchant', { merchantId: owner?.clientId ?? null });
    }
  }
  return authorizeEnrollment(db, caller, id, notFound);
}

// GET /api/enroll?id=: staff reach every enrollment; a parent those under its hierarchy (through the
// account once approved, else the parent it enrolls under).
export async function getEnrollmentRecord(db: Db, caller: Caller, id: string): Promise<EnrollmentRecord> {
  await authorizeReview(db, caller, id);
  const source = await findEnrollmentRecord(db, id);
  if (!source) throw notFound();
  const principals = await listEnrollmentPrincipals(db, id);
  return toRecord(source, principals);
}

// ---- Editing ----

type Sealer = (
  change: SensitiveChange | undefined,
  column: EncryptedColumn,
) => {
  enc: string | null;
  last4: string | null;
} | null;

function sealerOf(cipher: () => FieldCipher): Sealer {
  return (change, column) => {
    if (change === undefined || change.kind === 'keep') return null;
    if (change.kind === 'clear') return { enc: null, last4: null };
    const digits = change.value.replace(/\D/g, '');
    return { enc: cipher().encrypt(digits, column), last4: digits.slice(-4) };
  };
}

function enrollmentChanges(meta: EnrollmentEditMeta, seal: Sealer): EnrollmentChanges {
  const changes: EnrollmentChanges = {};
  if (meta.dba_name !== undefined) changes.dbaName = meta.dba_name;
  if (meta.legal_name !== undefined) changes.legalName = meta.legal_name;
  if (meta.ownership_type !== undefined) changes.ownershipType = meta.ownership_type;
  if (meta.business_description !== undefined) changes.businessDescription = meta.business_description;
  if (meta.start_date !== undefined) changes.startDate = meta.start_date;
  if (meta.business_address_one !== undefined) changes.businessAddress1 = meta.business_address_one;
  if (meta.business_address_two !== undefined) changes.businessAddress2 = meta.business_address_two;
  if (meta.business_city !== undefined) changes.businessCity = meta.business_city;
  if (meta.business_state_province !== undefined)
    changes.businessStateProvince = meta.business_state_province;
  if (meta.business_postal_code !== undefined) changes.businessPostalCode = meta.business_postal_code;
  if (meta.email !== undefined) changes.email = meta.email.toLowerCase();
  if (meta.business_phone_number !== undefined) changes.businessPhoneNumber = meta.business_phone_number;
  if (meta.website !== undefined) changes.website = meta.website;
  if (meta.account_type !== undefined) changes.accountType = meta.account_type;
  if (meta.payment !== undefined) changes.payment = meta.payment;
  if (meta.card_rate !== undefined) changes.cardRate = meta.card_rate;
  if (meta.card_p2c !== undefined) changes.cardP2c = meta.card_p2c;
  if (meta.ach !== undefined) changes.ach = meta.ach;
  if (meta.ach_rate !== undefined) changes.achRate = meta.ach_rate;
  if (meta.ach_p2c !== undefined) changes.achP2c = meta.ach_p2c;
  if (meta.crypto !== undefined) changes.crypto = meta.crypto;
  if (meta.crypto_rate !== undefined) changes.cryptoRate = meta.crypto_rate;
  if (meta.crypto_p2c !== undefined) changes.cryptoP2c = meta.crypto_p2c;
  if (meta.devices !== undefined) changes.devices = meta.devices;
  if (meta.settlement !== undefined) changes.settlement = meta.settlement;
  if (meta.mcc_code !== undefined) changes.mccCode = meta.mcc_code;
  if (meta.label !== undefined) changes.label = meta.label;
  if (meta.mark_up !== undefined) changes.markUp = meta.mark_up;
  if (meta.rev_share !== undefined) changes.revShare = meta.rev_share;
  if (meta.low_rate !== undefined) changes.lowRate = meta.low_rate;
  for (const name of transactionMixFieldNames) {
    const value = meta[name];
    if (value !== undefined) changes[mixColumns[name]] = value;
  }
  for (const name of moneyFieldNames) {
    const value = meta[name];
    // The schema admitted only decimals with at most 2 places, so the conversion cannot fail.
    if (value !== undefined) changes[moneyColumns[name]] = value === null ? null : parseDecimalToCents(value);
  }
  const taxId = seal(meta.fed_tx_id, encryptedColumn.enrollmentFedTxId);
  if (taxId) Object.assign(changes, { fedTxIdEnc: taxId.enc, fedTxIdLast4: taxId.last4 });
  const account = seal(meta.account_number, encryptedColumn.enrollmentAccountNumber);
  if (account) Object.assign(changes, { accountNumberEnc: account.enc, accountNumberLast4: account.last4 });
  const routing = seal(meta.routing_number, encryptedColumn.enrollmentRoutingNumber);
  if (routing) Object.assign(changes, { routingNumberEnc: routing.enc, routingNumberLast4: routing.last4 });
  return changes;
}

function principalChanges(
  meta: EnrollmentEditMeta,
  prefix: PrincipalPrefix,
  seal: Sealer,
  cipher: () => FieldCipher,
): PrincipalChanges {
  const changes: PrincipalChanges = {};
  const firstName = meta[`${prefix}first_name`];
  const lastName = meta[`${prefix}last_name`];
  const ownership = meta[`${prefix}ownership_percent`];
  const title = meta[`${prefix}title`];
  const phone = meta[`${prefix}phone_number`];
  const email = meta[`${prefix}email`];
  const line1 = meta[`${prefix}address_line_one`];
  const line2 = meta[`${prefix}address_line_two`];
  const city = meta[`${prefix}city`];
  const state = meta[`${prefix}state_province`];
  const postal = meta[`${prefix}postal_code`];
  if (firstName !== undefined) changes.firstName = firstName;
  if (lastName !== undefined) changes.lastName = lastName;
  if (ownership !== undefined) changes.ownershipPercent = ownership;
  if (title !== undefined) changes.title = title;
  if (phone !== undefined) changes.phoneNumber = phone;
  if (email !== undefined) changes.email = email?.toLowerCase() ?? null;
  if (line1 !== undefined) changes.addressLine1 = line1;
  if (line2 !== undefined) changes.addressLine2 = line2;
  if (city !== undefined) changes.city = city;
  if (state !== undefined) changes.stateProvince = state;
  if (postal !== undefined) changes.postalCode = postal;
  const ssn = seal(meta[`${prefix}ssn`], encryptedColumn.enrollmentPrincipalSsn);
  if (ssn) Object.assign(changes, { ssnEnc: ssn.enc, ssnLast4: ssn.last4 });
  // The date of birth is kept whole (YYYY-MM-DD): it has no last four to show.
  const birth = meta[`${prefix}date_of_birth`];
  if (birth?.kind === 'clear') changes.dateOfBirthEnc = null;
  if (birth?.kind === 'set') {
    changes.dateOfBirthEnc = cipher().encrypt(birth.value, encryptedColumn.enrollmentPrincipalDateOfBirth);
  }
  return changes;
}

// Names of the fields the edit changes; a mask sent back unchanged changes nothing.
function changedFieldNames(meta: EnrollmentEditMeta): string[] {
  return Object.entries(meta).flatMap(([key, value]) => {
    if (key === 'id' || value === undefined) return [];
    if (typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'keep') return [];
    return [key];
  });
}

// PATCH /api/enroll/edit: one transaction, updated_at bumped, audited by field name.
export async function editEnrollment(
  db: Db,
  cipher: () => FieldCipher,
  caller: Caller,
  meta: EnrollmentEditMeta,
): Promise<{ id: string; updated_at: string }> {
  const target = await authorizeReview(db, caller, meta.id);
  const fields = changedFieldNames(meta);
  // Parents see no processing sections, so they may not change them either.
  if (!caller.isStaff && fields.some(isProcessingFieldName)) {
    await denyAccess(caller, 'permission', {
      merchantId: target.clientId,
      code: EnrollmentRecordErrorCode.ProcessingNotAllowed,
      message: EnrollmentRecordText.ProcessingNotAllowed,
    });
  }
  const seal = sealerOf(cipher);

  return db.transaction(async (tx) => {
    const current = await lockEnrollment(tx, meta.id);
    if (!current) throw notFound();
    if (current.applicationType !== 'Agent') {
      if (meta.dba_name === null) throw EnrollmentReviewError.NameRequired(EnrollText.DbaRequired);
      if (meta.legal_name === null) throw EnrollmentReviewError.NameRequired(EnrollText.LegalNameRequired);
    }
    // Only a new code is checked: a record may keep a code that was approved when it enrolled.
    if (meta.mcc_code && meta.mcc_code !== current.mccCode && !(await isApprovedMccCode(tx, meta.mcc_code))) {
      throw EnrollmentReviewError.MccNotApproved(EnrollText.MccNotApproved);
    }
    for (const [index, prefix] of principalPrefixes.entries()) {
      const changes = principalChanges(meta, prefix, seal, cipher);
      if (Object.keys(changes).length > 0) await upsertEnrollmentPrincipal(tx, meta.id, index + 1, changes);
    }
    // Always written, so a change to the principals alone still moves the last activity.
    const updatedAt = await updateEnrollment(tx, meta.id, {
      ...enrollmentChanges(meta, seal),
      updatedAt: new Date(),
    });
    await recordAudit(tx, {
      action: 'enrollment.edit',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'enrollment',
      targetId: meta.id,
      clientId: current.clientId ?? current.parentId,
      // Names of the fields changed, never their values.
      details: { fields: [...fields] },
    });
    return { id: meta.id, updated_at: updatedAt.toISOString() };
  });
}
