import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  inet,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { cents, createdAt, principalColumns, timestamptz, updatedAt } from './columns';
import {
  achProcessor,
  applicationStatus,
  applicationType,
  bankAccountType,
  cardProcessor,
  clientLevel,
  clientStatus,
  cryptoProvider,
  kycStatus,
  ownershipType,
  payoutMode,
  terminalProvider,
} from './enums';
import { mccCodes } from './reference';
import { users } from './users';

// An application to become a merchant, partner or agent, sent by the enroll page.
// The welcome e-mail switch (enroll_email, w_enrollMessage) is read from the parent's client_configs.
export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid().primaryKey().defaultRandom(),
    // The parent (reseller) the applicant enrolls under.
    parentId: uuid().references(() => clients.id, { onDelete: 'restrict' }),
    // Set when the application is approved and the client account exists.
    clientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    applicationType: applicationType().notNull().default('Merchant'),
    applicationStatus: applicationStatus(),
    // Onboarding stage (the client statuses); null is New.
    status: clientStatus(),
    level: clientLevel().notNull().default('Merchant'),
    isFromPortal: boolean().notNull().default(false),
    dbaName: text(),
    legalName: text(),
    // Agents enroll as a person.
    firstName: text(),
    lastName: text(),
    ownershipType: ownershipType(),
    // The API's fed_tx_id: the federal tax id.
    fedTxIdEnc: text(),
    fedTxIdLast4: text(),
    businessDescription: text(),
    startDate: date({ mode: 'string' }),
    businessAddress1: text('business_address_1'),
    businessAddress2: text('business_address_2'),
    businessCity: text(),
    businessStateProvince: char({ length: 2 }),
    businessPostalCode: text(),
    email: text(),
    businessPhoneNumber: text(),
    website: text(),
    // Settlement account.
    accountNumberEnc: text(),
    accountNumberLast4: text(),
    routingNumberEnc: text(),
    routingNumberLast4: text(),
    accountType: bankAccountType(),
    // Processing.
    payment: cardProcessor(),
    cardRate: text(),
    cardP2c: boolean().notNull().default(false),
    ach: achProcessor(),
    achRate: text(),
    achP2c: boolean().notNull().default(false),
    crypto: cryptoProvider(),
    cryptoRate: text(),
    cryptoP2c: boolean().notNull().default(false),
    devices: terminalProvider(),
    settlement: payoutMode(),
    mccCode: text().references(() => mccCodes.code, { onDelete: 'restrict' }),
    label: text(),
    markUp: text(),
    revShare: numeric({ precision: 5, scale: 2 }),
    // Transaction mix, percent of volume.
    cardSwipedPercent: smallint(),
    keyedCardPresentNotImprintedPercent: smallint(),
    mailOrPhoneOrderPercent: smallint(),
    internetPercent: smallint(),
    // Risk.
    highTicketCents: cents(),
    avgTicketCents: cents(),
    monthlyVolumeCents: cents(),
    monthlyHighVolumeCents: cents(),
    // Schedule A fees.
    lowRate: text(),
    etfCents: cents(),
    regFeeCents: cents(),
    pciFeeCents: cents(),
    monthlyFeeCents: cents(),
    monthlyMinCents: cents(),
    annualFeeCents: cents(),
    chargebackFeeCents: cents(),
    retrievalFeeCents: cents(),
    achNocCents: cents(),
    achReturnCents: cents(),
    tinMismatchCents: cents(),
    // Click-to-agree: when the link went out and who accepted it from where.
    ctaSentAt: timestamptz(),
    agreedAt: timestamptz(),
    agreedIp: inet(),
    agreedUserAgent: text(),
    kycStatus: kycStatus(),
    kycCheckedAt: timestamptz(),
    submittedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamptz(),
    approvedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: timestamptz(),
    rejectedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // Shown as "last activity" in the enrollment header.
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per approved application; the account's enrollment_id is read through this.
    uniqueIndex('enrollments_client_id_unique').on(t.clientId),
    // Onboarding list of a parent, newest first.
    index('enrollments_parent_created_idx').on(t.parentId, t.createdAt),
    // Onboarding grid filtered by status.
    index('enrollments_status_created_idx').on(t.applicationStatus, t.createdAt),
    // The global search: business name prefixes as C-collated ranges.
    index('enrollments_search_dba_name_idx').on(sql`lower(${t.dbaName}) collate "C"`),
    index('enrollments_search_legal_name_idx').on(sql`lower(${t.legalName}) collate "C"`),
  ],
);

export const enrollmentPrincipals = pgTable(
  'enrollment_principals',
  {
    id: uuid().primaryKey().defaultRandom(),
    enrollmentId: uuid()
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    ...principalColumns(),
    email: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('enrollment_principals_position_unique').on(t.enrollmentId, t.position),
    check('enrollment_principals_position_range', sql`${t.position} between 1 and 4`),
  ],
);

export type Enrollment = typeof enrollments.$inferSelect;
