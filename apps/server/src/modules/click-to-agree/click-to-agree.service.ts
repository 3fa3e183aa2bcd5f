import { isIP } from 'node:net';
import { portalBasePath } from '@portico/contracts/access/routes';
import { normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import {
  type CtaApplication,
  type CtaApplicationView,
  CtaErrorCode,
  type CtaSendBody,
  type CtaSendResult,
  CtaText,
  ctaApplicationPath,
  ctaRecipientsOf,
  digitsOnly,
  type TermsView,
} from '@portico/contracts/enrollment/click-to-agree';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { RequestOrigin } from '../../access/denial';
import { authorizeEnrollment } from '../../access/owner-access';
import type { Db } from '../../db/client';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { MailService } from '../../integrations/mail/mail-service';
import type { MailMessage } from '../../integrations/mail/mailer';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { applicantAddress, applicationSubmittedMessage } from '../enrollment/enrollment-mail';
import {
  type ApplicationRow,
  findApplication,
  findTermsOwner,
  listPrincipals,
  lockApplication,
  markCtaSent,
  type NewPrincipal,
  storeAgreedApplication,
} from './click-to-agree.repository';
import type { CtaCapability } from './cta-capability';
import { merchantTerms, merchantTermsVersion, providerLegalName } from './merchant-terms';

export const CtaError = defineErrors({
  NoEmail: [CtaErrorCode.NoEmail, 'validation'],
  TooManyRecipients: [CtaErrorCode.TooManyRecipients, 'validation'],
  InvalidRecipient: [CtaErrorCode.InvalidRecipient, 'validation'],
  SendFailed: [CtaErrorCode.SendFailed, 'unavailable'],
  NotSendable: [CtaErrorCode.NotSendable, 'conflict'],
  NotFound: [CtaErrorCode.NotFound, 'not_found'],
  LinkInvalid: [CtaErrorCode.LinkInvalid, 'forbidden'],
  AlreadyAgreed: [CtaErrorCode.AlreadyAgreed, 'conflict'],
  NotSubmittable: [CtaErrorCode.NotSubmittable, 'conflict'],
  TermsNotFound: [CtaErrorCode.TermsNotFound, 'not_found'],
});

export type CtaDeps = {
  db: Db;
  mail: MailService;
  cipher: () => FieldCipher;
  capability: () => CtaCapability;
  publicUrl: string;
  now: () => Date;
};

type Stage = Pick<ApplicationRow, 'clientId' | 'status' | 'applicationStatus' | 'agreedAt'>;

// A link may be sent, and its application submitted, until the merchant agreed or staff decided:
// a new application (New) or one whose link is out.
export function isOpenForAgreement(stage: Stage): boolean {
  return (
    stage.agreedAt === null &&
    stage.clientId === null &&
    (stage.status === null || stage.status === 'cta_sent') &&
    stage.applicationStatus !== 'BOARDED' &&
    stage.applicationStatus !== 'REJECTED'
  );
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

function ctaMessage(to: string[], application: ApplicationRow, link: string, expiresAt: Date): MailMessage {
  const business = oneLine(application.dbaName ?? application.legalName ?? 'your business');
  const provider = oneLine(application.parentName ?? 'Portico');
  const expiry = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    subject: `Complete your merchant application with ${provider}`,
    text: [
      'Hello,',
      '',
      `${provider} invites ${business} to complete its merchant application and agree to the Merchant Processing Agreement.`,
      '',
      'Open this link to review the application, fill in the remaining details and agree to the terms:',
      link,
      '',
      `The link is for this application only and expires on ${expiry}. If you did not expect this e-mail, you can ignore it.`,
    ].join('\n'),
  };
}

function recipientsFor(body: CtaSendBody, application: ApplicationRow): string[] {
  const recipients = ctaRecipientsOf(body.recipients);
  if (recipients.kind === 'list') return recipients.addresses;
  if (recipients.kind === 'invalid') {
    throw recipients.reason === 'too_many'
      ? CtaError.TooManyRecipients(CtaText.TooManyRecipients)
      : CtaError.InvalidRecipient(CtaText.InvalidRecipient);
  }
  // Quick send: the record's primary e-mail.
  const primary = application.email ? normalizeEmailAddress(application.email) : '';
  if (primary === '') throw CtaError.NoEmail(CtaText.NoEmail);
  return [primary];
}

// Staff send the click-to-agree e-mail: the link is a capability for this enrollment.
export async function sendCta(deps: CtaDeps, caller: Caller, body: CtaSendBody): Promise<CtaSendResult> {
  await authorizeEnrollment(deps.db, caller, body.id, () => CtaError.NotFound(CtaText.NotFound));
  const application = await findApplication(deps.db, body.id);
  if (!application) throw CtaError.NotFound(CtaText.NotFound);
  if (!isOpenForAgreement(application)) throw CtaError.NotSendable(CtaText.NotSendable);
  const to = recipientsFor(body, application);

  const sentAt = deps.now();
  const { token, expiresAt } = deps.capability().issue(application.id, sentAt);
  const path = ctaApplicationPath(application.id, application.parentId);
  const link = `${deps.publicUrl}${portalBasePath}${path}?token=${token}`;
  const outcome = await deps.mail.send(ctaMessage(to, application, link, expiresAt));
  const audit = {
    action: 'enrollment.cta_send' as const,
    ...auditActorOf(caller),
    targetType: 'enrollment',
    targetId: application.id,
    clientId: application.parentId,
  };
  if (outcome.status === 'failed') {
    await recordAudit(deps.db, {
      ...audit,
      outcome: 'failure',
      details: { recipients: to.length, outbox_id: outcome.outboxId },
    });
    throw CtaError.SendFailed(CtaText.SendFailed);
  }
  await deps.db.transaction(async (tx) => {
    await markCtaSent(tx, application.id, sentAt);
    await recordAudit(tx, {
      ...audit,
      outcome: 'success',
      details: {
        recipients: to.length,
        outbox_id: outcome.outboxId,
        delivery: outcome.status,
        link_expires_at: expiresAt.toISOString(),
      },
    });
  });
  return { recipients: to.length, status: 'cta_sent', cta_sent_at: sentAt.toISOString() };
}

// Who opened a click-to-agree link: where the request came from, and where a refused link is logged.
export type LinkVisit = {
  origin: RequestOrigin;
  log: { warn(details: Record<string, unknown>, message: string): void };
};

// A forged, expired or foreign link, and a link to an enrollment that is gone, all read the same.
function requireValidLink(deps: CtaDeps, visit: LinkVisit, enrollmentId: string, token: string): void {
  if (deps.capability().verify(enrollmentId, token, deps.now())) return;
  visit.log.warn({ enrollmentId }, 'click-to-agree link refused');
  throw CtaError.LinkInvalid(CtaText.LinkInvalid);
}

function isoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

// The application as far as filled in; SSNs, the tax id and bank numbers by their last four only.
export async function viewApplication(
  deps: CtaDeps,
  visit: LinkVisit,
  enrollmentId: string,
  token: string,
): Promise<CtaApplicationView> {
  requireValidLink(deps, visit, enrollmentId, token);
  const row = await findApplication(deps.db, enrollmentId);
  if (!row) throw CtaError.LinkInvalid(CtaText.LinkInvalid);
  const principals = await listPrincipals(deps.db, enrollmentId);
  return {
    id: row.id,
    parent_id: row.parentId,
    parent_name: row.parentName,
    status: row.status,
    can_submit: isOpenForAgreement(row),
    agreed_at: isoOrNull(row.agreedAt),
    business: {
      dba_name: row.dbaName,
      legal_name: row.legalName,
      ownership_type: row.ownershipType,
      fed_tx_id_last4: row.fedTxIdLast4,
      business_description: row.businessDescription,
      start_date: row.startDate,
      website: row.website,
    },
    address: {
      business_address_one: row.businessAddress1,
      business_address_two: row.businessAddress2,
      business_city: row.businessCity,
      business_state_province: row.businessStateProvince,
      business_postal_code: row.businessPostalCode,
    },
    contact: {
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      business_phone_number: row.businessPhoneNumber,
    },
    owners: principals.map((principal) => ({
      position: principal.position,
      first_name: principal.firstName,
      last_name: principal.lastName,
      title: principal.title,
      ownership_percent: principal.ownershipPercent,
      ssn_last4: principal.ssnLast4,
      has_date_of_birth: principal.hasDateOfBirth,
      phone_number: principal.phoneNumber,
      address_line_one: principal.addressLine1,
      address_line_two: principal.addressLine2,
      city: principal.city,
      state_province: principal.stateProvince,
      postal_code: principal.postalCode,
    })),
    settlement: {
      account_number_last4: row.accountNumberLast4,
      routing_number_last4: row.routingNumberLast4,
      account_type: row.accountType,
    },
    transaction_mix: {
      card_swiped: row.cardSwipedPercent,
      keyed_card_present_not_imprinted: row.keyedCardPresentNotImprintedPercent,
      mail_or_phone_order: row.mailOrPhoneOrderPercent,
      internet: row.internetPercent,
    },
  };
}

function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

function sealedDigits(cipher: FieldCipher, value: string, column: string) {
  const digits = digitsOnly(value);
  return { enc: cipher.encrypt(digits, column), last4: digits.slice(-4) };
}

// The merchant completes and agrees: one transaction stores the answers, the
// owners, cta_signed and when, from where and with which browser the agreement was given, and queues
// the "application received" e-mail to the contact address the merchant gave.
export async function agreeToApplication(
  deps: CtaDeps,
  visit: LinkVisit,
  enrollmentId: string,
  token: string,
  body: CtaApplication,
): Promise<{ status: 'cta_signed'; agreed_at: string }> {
  requireValidLink(deps, visit, enrollmentId, token);
  const cipher = deps.cipher();
  const taxId = sealedDigits(cipher, body.business.fed_tx_id, encryptedColumn.enrollmentFedTxId);
  const account = sealedDigits(
    cipher,
    body.settlement.account_number,
    encryptedColumn.enrollmentAccountNumber,
  );
  const routing = sealedDigits(
    cipher,
    body.settlement.routing_number,
    encryptedColumn.enrollmentRoutingNumber,
  );
  const principals: NewPrincipal[] = body.owners.map((owner, index) => {
    const ssn = sealedDigits(cipher, owner.ssn, encryptedColumn.enrollmentPrincipalSsn);
    return {
      position: index + 1,
      firstName: owner.first_name,
      lastName: owner.last_name,
      title: owner.title,
      ownershipPercent: owner.ownership_percent,
      ssnEnc: ssn.enc,
      ssnLast4: ssn.last4,
      dateOfBirthEnc: cipher.encrypt(owner.date_of_birth, encryptedColumn.enrollmentPrincipalDateOfBirth),
      phoneNumber: owner.phone_number,
      addressLine1: owner.address_line_one,
      addressLine2: orNull(owner.address_line_two),
      city: owner.city,
      stateProvince: owner.state_province,
      postalCode: owner.postal_code,
    };
  });
  const origin = visit.origin;
  const ip = origin.ip !== '' && isIP(origin.ip) !== 0 ? origin.ip : null;
  const userAgent = origin.userAgent?.slice(0, 500) ?? null;

  return deps.db.transaction(async (tx) => {
    const row = await lockApplication(tx, enrollmentId);
    if (!row) throw CtaError.LinkInvalid(CtaText.LinkInvalid);
    if (row.agreedAt !== null) throw CtaError.AlreadyAgreed(CtaText.AlreadyAgreed);
    if (!isOpenForAgreement(row)) throw CtaError.NotSubmittable(CtaText.NotSubmittable);
    const agreedAt = deps.now();
    await storeAgreedApplication(
      tx,
      enrollmentId,
      {
        dbaName: body.business.dba_name,
        legalName: body.business.legal_name,
        ownershipType: body.business.ownership_type,
        fedTxIdEnc: taxId.enc,
        fedTxIdLast4: taxId.last4,
        businessDescription: body.business.business_description,
        startDate: orNull(body.business.start_date),
        website: orNull(body.business.website),
        businessAddress1: body.address.business_address_one,
        businessAddress2: orNull(body.address.business_address_two),
        businessCity: body.address.business_city,
        businessStateProvince: body.address.business_state_province,
        businessPostalCode: body.address.business_postal_code,
        // The contact person: merchants have no other use for the applicant's name columns.
        firstName: body.contact.first_name,
        lastName: body.contact.last_name,
        email: normalizeEmailAddress(body.contact.email),
        businessPhoneNumber: body.contact.business_phone_number,
        accountNumberEnc: account.enc,
        accountNumberLast4: account.last4,
        routingNumberEnc: routing.enc,
        routingNumberLast4: routing.last4,
        accountType: body.settlement.account_type,
        cardSwipedPercent: Number(body.transaction_mix.card_swiped),
        keyedCardPresentNotImprintedPercent: Number(body.transaction_mix.keyed_card_present_not_imprinted),
        mailOrPhoneOrderPercent: Number(body.transaction_mix.mail_or_phone_order),
        internetPercent: Number(body.transaction_mix.internet),
        status: 'cta_signed',
        // The completed application waits for review.
        applicationStatus: 'PENDING',
        agreedAt,
        agreedIp: ip,
        agreedUserAgent: userAgent,
      },
      principals,
    );
    await recordAudit(tx, {
      action: 'enrollment.cta_agree',
      outcome: 'success',
      actorUserId: null,
      actorEmail: normalizeEmailAddress(body.contact.email),
      targetType: 'enrollment',
      targetId: enrollmentId,
      clientId: row.parentId,
      ip,
      userAgent,
      details: { owners: principals.length, terms_version: merchantTermsVersion, via: 'click_to_agree_link' },
    });
    const applicant = applicantAddress(body.contact.email);
    if (applicant !== null) {
      const owner = await findTermsOwner(tx, enrollmentId);
      await deps.mail.send(
        applicationSubmittedMessage(applicant, {
          businessName: body.business.dba_name || body.business.legal_name,
          providerName: owner?.parentName ?? null,
        }),
        tx,
      );
    }
    return { status: 'cta_signed' as const, agreed_at: agreedAt.toISOString() };
  });
}

function termsOf(owner: { parentName: string | null; parentLegalName: string | null }): TermsView {
  return merchantTerms(owner.parentLegalName ?? owner.parentName ?? providerLegalName);
}

// /terms/{id}: the agreement of the enrollment's parent.
export async function termsForEnrollment(db: Db, enrollmentId: string): Promise<TermsView> {
  const owner = await findTermsOwner(db, enrollmentId);
  if (!owner) throw CtaError.TermsNotFound(CtaText.TermsNotFound);
  return termsOf(owner);
}

// /terms/{id}/{enrollment_id}: an account and the enrollment it came from.
export async function termsForAccount(db: Db, clientId: string, enrollmentId: string): Promise<TermsView> {
  const owner = await findTermsOwner(db, enrollmentId);
  if (!owner || owner.clientId !== clientId) throw CtaError.TermsNotFound(CtaText.TermsNotFound);
  return termsOf(owner);
}
