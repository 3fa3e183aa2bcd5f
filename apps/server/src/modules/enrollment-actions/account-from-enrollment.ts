import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import type { ChildDefaults } from '../../db/schema/clients';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { achProcessor, cardProcessor, terminalProvider } from '../../db/schema/enums';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { listEnrollmentPrincipals } from '../enrollment/enrollment.repository';
import {
  type EnrollmentPrincipalRecord,
  type EnrollmentRecord,
  findParentChildDefaults,
  insertAccount,
  type NewAccount,
  type NewClient,
} from './enrollment-actions.repository';

// API keys: 256 random bits (base64url), with a prefix that tells live, public and sandbox keys
// apart at a glance. A sandbox account's publishable key is a test key ('pk_test_'): the payment
// frame takes it, and the account's payments are test payments. The clients table keeps them as
// issued (the IDs panel shows them).
export function newApiKey(kind: 'live' | 'public' | 'sandbox' | 'sandbox-public'): string {
  const prefix = { live: 'sk_live_', public: 'pk_live_', sandbox: 'sk_test_', 'sandbox-public': 'pk_test_' }[
    kind
  ];
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

// An encrypted value moves to another column: the column name is sealed in as associated data,
// so it is decrypted and encrypted again for its new place.
function resealed(cipher: FieldCipher, stored: string | null, from: string, to: string): string | null {
  return stored === null ? null : cipher.encrypt(cipher.decrypt(stored, from), to);
}

function accountName(enrollment: EnrollmentRecord): string {
  const person = [enrollment.firstName, enrollment.lastName].filter(Boolean).join(' ');
  return enrollment.dbaName ?? enrollment.legalName ?? (person || 'New account');
}

// '50.00' → 50: the account keeps revenue share as a whole percent.
function wholePercent(value: string | null): number | undefined {
  if (value === null) return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? Math.round(parsed) : undefined;
}

// A stored default outside today's list (an older value) is ignored rather than failing approval.
function knownValue<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((known) => known === value);
}

// A parent's sub-merchant defaults (its default processors and terminals) fill the
// processors and terminals the application left out; what the application chose stays.
export function processorsWithParentDefaults(
  chosen: {
    payment: NewAccount['config']['payment'];
    ach: NewAccount['config']['ach'];
    terminals: NewAccount['config']['terminals'];
  },
  parentDefaults: ChildDefaults,
): Pick<NewAccount['config'], 'payment' | 'ach' | 'terminals'> {
  return {
    payment: chosen.payment ?? knownValue(cardProcessor.enumValues, parentDefaults.payment) ?? null,
    ach: chosen.ach ?? knownValue(achProcessor.enumValues, parentDefaults.ach) ?? null,
    terminals: chosen.terminals ?? knownValue(terminalProvider.enumValues, parentDefaults.terminals) ?? null,
  };
}

// The parent's current entity pricing fills the rates the application left out.
export function ratesWithParentDefaults(
  chosen: { cardRate: string | null; achRate: string | null; cryptoRate: string | null },
  parentDefaults: ChildDefaults,
): { cardRate: string | null; achRate: string | null; cryptoRate: string | null } {
  return {
    cardRate: chosen.cardRate ?? parentDefaults.card_rate ?? null,
    achRate: chosen.achRate ?? parentDefaults.ach_rate ?? null,
    cryptoRate: chosen.cryptoRate ?? parentDefaults.crypto_rate ?? null,
  };
}

// A value of a stored default, or nothing when it is missing or not a usable amount.
function wholeCents(value: number | undefined): number | undefined {
  return value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

type InheritedRisk = {
  avgTicketCents: number | null;
  highTicketCents: number | null;
  monthlyVolumeCents: number | null;
  monthlyHighVolumeCents: number | null;
  revShare: string | null;
};

// The parent's other inherited sub-merchant settings: tickets, volumes and revenue
// share fill what the application left out; auto-onboard, the welcome e-mail and pause settlement
// have no place on an application, so the parent's value applies whenever it set one.
export function settingsWithParentDefaults(chosen: InheritedRisk, parentDefaults: ChildDefaults) {
  const revShare =
    wholePercent(chosen.revShare) ?? wholePercent(parentDefaults.rev_share?.toString() ?? null);
  const highTicketCents = chosen.highTicketCents ?? wholeCents(parentDefaults.high_ticket_cents);
  const config: Pick<
    NewAccount['config'],
    | 'avgTicketCents'
    | 'highTicketCents'
    | 'monthlyVolumeCents'
    | 'monthlyHighVolumeCents'
    | 'onboard'
    | 'enrollEmail'
    | 'pauseSettlement'
  > = {
    avgTicketCents: chosen.avgTicketCents ?? wholeCents(parentDefaults.avg_ticket_cents) ?? null,
    monthlyVolumeCents: chosen.monthlyVolumeCents ?? wholeCents(parentDefaults.monthly_volume_cents) ?? null,
    monthlyHighVolumeCents:
      chosen.monthlyHighVolumeCents ?? wholeCents(parentDefaults.monthly_high_volume_cents) ?? null,
    // Columns with database defaults keep them when neither the application nor the parent set one.
    ...(highTicketCents === undefined ? {} : { highTicketCents }),
    ...(parentDefaults.onboard === undefined ? {} : { onboard: parentDefaults.onboard }),
    ...(parentDefaults.enroll_email === undefined ? {} : { enrollEmail: parentDefaults.enroll_email }),
    ...(parentDefaults.pause_settlement === undefined
      ? {}
      : { pauseSettlement: parentDefaults.pause_settlement }),
  };
  const pricing: Pick<NewAccount['pricing'], 'revShare'> = revShare === undefined ? {} : { revShare };
  return { config, pricing };
}

// The processors a sandbox account (status in_development) takes its test payments through where
// neither the application nor the parent chose one: every payment goes to the sandbox gateway, so
// the names only let the frame offer card and bank payments. Review sets the live ones.
export const sandboxProcessors = { payment: 'fis', ach: 'xpress' } as const;

export type AccountState = Pick<
  NewClient,
  'apiKeyEnc' | 'apiKeyHash' | 'apiKeyLast4' | 'publicKey' | 'status' | 'sandboxApiKey' | 'isInCertification'
>;

// The account an application becomes: identity, addresses and MCC from the record,
// processing configuration and Schedule A pricing where the account has a place for them, owners
// and the settlement account with their encrypted numbers moved to the account's columns.
// parentDefaults: the parent's child_defaults ({} for an account without a parent).
export function accountFromEnrollment(
  cipher: FieldCipher,
  enrollment: EnrollmentRecord,
  principals: readonly EnrollmentPrincipalRecord[],
  state: AccountState,
  parentDefaults: ChildDefaults,
): NewAccount {
  const client: NewClient = {
    ...state,
    level: enrollment.level,
    parentId: enrollment.parentId,
    name: accountName(enrollment),
    legalName: enrollment.legalName,
    dbaName: enrollment.dbaName,
    taxIdEnc: resealed(
      cipher,
      enrollment.fedTxIdEnc,
      encryptedColumn.enrollmentFedTxId,
      encryptedColumn.clientTaxId,
    ),
    taxIdLast4: enrollment.fedTxIdLast4,
    email: enrollment.email,
    phone: enrollment.businessPhoneNumber,
    website: enrollment.website,
    addressLine1: enrollment.businessAddress1,
    addressLine2: enrollment.businessAddress2,
    locality: enrollment.businessCity,
    region: enrollment.businessStateProvince,
    postalCode: enrollment.businessPostalCode,
    businessAddress1: enrollment.businessAddress1,
    businessAddress2: enrollment.businessAddress2,
    businessLocality: enrollment.businessCity,
    businessRegion: enrollment.businessStateProvince,
    businessPostalCode: enrollment.businessPostalCode,
    businessPhoneNumber: enrollment.businessPhoneNumber,
    businessDescription: enrollment.businessDescription,
    ownershipType: enrollment.ownershipType,
    mccCode: enrollment.mccCode,
    startDate: enrollment.startDate,
  };
  // Columns with database defaults (payout, high ticket, ETF, revenue share) keep them when the
  // application and the parent left the value out.
  const inherited = settingsWithParentDefaults(enrollment, parentDefaults);
  const processors = processorsWithParentDefaults(
    { payment: enrollment.payment, ach: enrollment.ach, terminals: enrollment.devices },
    parentDefaults,
  );
  const isSandbox = state.status === 'in_development';
  const config: NewAccount['config'] = {
    ...processors,
    ...(isSandbox
      ? {
          payment: processors.payment ?? sandboxProcessors.payment,
          ach: processors.ach ?? sandboxProcessors.ach,
        }
      : {}),
    crypto: enrollment.crypto,
    ...inherited.config,
    ...(enrollment.settlement === null ? {} : { payout: enrollment.settlement }),
  };
  const pricing: NewAccount['pricing'] = {
    ...ratesWithParentDefaults(
      { cardRate: enrollment.cardRate, achRate: enrollment.achRate, cryptoRate: enrollment.cryptoRate },
      parentDefaults,
    ),
    cardP2c: enrollment.cardP2c,
    achP2c: enrollment.achP2c,
    cryptoP2c: enrollment.cryptoP2c,
    lowRate: enrollment.lowRate,
    regFeeCents: enrollment.regFeeCents,
    pciFeeCents: enrollment.pciFeeCents,
    monthlyFeeCents: enrollment.monthlyFeeCents,
    monthlyMinCents: enrollment.monthlyMinCents,
    annualFeeCents: enrollment.annualFeeCents,
    chargebackFeeCents: enrollment.chargebackFeeCents,
    retrievalFeeCents: enrollment.retrievalFeeCents,
    achReturnCents: enrollment.achReturnCents,
    achNocCents: enrollment.achNocCents,
    tinMismatchCents: enrollment.tinMismatchCents,
    ...(enrollment.etfCents === null ? {} : { etfCents: enrollment.etfCents }),
    ...inherited.pricing,
  };
  const accountPrincipals = principals.map((principal) => ({
    position: principal.position,
    firstName: principal.firstName,
    lastName: principal.lastName,
    ssnEnc: resealed(
      cipher,
      principal.ssnEnc,
      encryptedColumn.enrollmentPrincipalSsn,
      encryptedColumn.clientPrincipalSsn,
    ),
    ssnLast4: principal.ssnLast4,
    dateOfBirthEnc: resealed(
      cipher,
      principal.dateOfBirthEnc,
      encryptedColumn.enrollmentPrincipalDateOfBirth,
      encryptedColumn.clientPrincipalDateOfBirth,
    ),
    title: principal.title,
    ownershipPercent: principal.ownershipPercent,
    phoneNumber: principal.phoneNumber,
    addressLine1: principal.addressLine1,
    addressLine2: principal.addressLine2,
    city: principal.city,
    stateProvince: principal.stateProvince,
    postalCode: principal.postalCode,
  }));
  const accountNumber = resealed(
    cipher,
    enrollment.accountNumberEnc,
    encryptedColumn.enrollmentAccountNumber,
    encryptedColumn.clientBankAccountNumber,
  );
  const routingNumber = resealed(
    cipher,
    enrollment.routingNumberEnc,
    encryptedColumn.enrollmentRoutingNumber,
    encryptedColumn.clientBankRoutingNumber,
  );
  const bank =
    accountNumber && routingNumber && enrollment.accountNumberLast4 && enrollment.routingNumberLast4
      ? {
          accountNumberEnc: accountNumber,
          accountNumberLast4: enrollment.accountNumberLast4,
          routingNumberEnc: routingNumber,
          routingNumberLast4: enrollment.routingNumberLast4,
          // Settlement accounts are checking or savings.
          accountType: enrollment.accountType === 'savings' ? ('savings' as const) : ('checking' as const),
          isPrimary: true,
        }
      : null;
  return { client, config, pricing, principals: accountPrincipals, bank };
}

// Creates the account an enrollment becomes, in the caller's transaction: the client with its
// configuration, pricing, owners and settlement account, the parent's sub-merchant defaults filling
// what the application left out. state: the keys and status, which approval (live) and the sandbox
// (certification) set differently. Answers the new client's id.
export async function createAccountFromEnrollment(
  tx: Executor,
  cipher: FieldCipher,
  enrollment: EnrollmentRecord,
  state: AccountState,
): Promise<string> {
  const principals = await listEnrollmentPrincipals(tx, enrollment.id);
  const parentDefaults = await findParentChildDefaults(tx, enrollment.parentId);
  return insertAccount(tx, accountFromEnrollment(cipher, enrollment, principals, state, parentDefaults));
}
