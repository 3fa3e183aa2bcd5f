import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, createdAt, principalColumns, updatedAt } from './columns';
import {
  achProcessor,
  bankAccountType,
  cardProcessor,
  clientLevel,
  clientStatus,
  cryptoProvider,
  customFieldType,
  ownershipType,
  payoutMode,
  terminalProvider,
  welcomeEmailMode,
} from './enums';
import { mccCodes } from './reference';

// Merchants and parents (resellers) share one table: a parent is a client with level Parent, and
// children point at it through parent_id.
export const clients = pgTable(
  'clients',
  {
    id: uuid().primaryKey().defaultRandom(),
    level: clientLevel().notNull().default('Merchant'),
    // A parent with children cannot be deleted by accident.
    parentId: uuid().references((): AnyPgColumn => clients.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    legalName: text(),
    dbaName: text(),
    taxIdEnc: text(),
    taxIdLast4: text(),
    ssnEnc: text(),
    ssnLast4: text(),
    email: text(),
    phone: text(),
    website: text(),
    // Legal (mailing) address.
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    locality: text(),
    region: text(),
    postalCode: text(),
    country: char({ length: 2 }).notNull().default('US'),
    // Business (DBA location) address and billing details of the account.
    businessAddress1: text('business_address_1'),
    businessAddress2: text('business_address_2'),
    businessLocality: text(),
    businessRegion: text(),
    businessPostalCode: text(),
    businessPhoneNumber: text(),
    businessDescription: text(),
    businessType: text(),
    ownershipType: ownershipType(),
    billingDescriptor: text(),
    mccCode: text().references(() => mccCodes.code, { onDelete: 'restrict' }),
    startDate: date({ mode: 'string' }),
    // Key of the logo in file_blobs (GET api/logo answers it as base64 PNG).
    logoStorageKey: text(),
    // The secret API key is a credential: sealed with the field cipher (read back only for the users
    // who may reveal it), found by its SHA-256 (a random 256-bit key needs no keyed hash) and masked
    // from its last four everywhere else. Rolling it keeps the previous key's hash until its grace
    // period ends. The publishable key goes in addresses and is stored as issued.
    apiKeyEnc: text(),
    apiKeyHash: text().notNull(),
    apiKeyLast4: text().notNull(),
    previousApiKeyHash: text(),
    previousApiKeyExpiresAt: timestamp({ withTimezone: true }),
    // Plaintext keys of a database from before sealing: sealed and emptied at start-up
    // (sealLegacySecretApiKeys).
    legacyApiKey: text('api_key'),
    publicKey: text().notNull(),
    sandboxApiKey: text(),
    mid: text(),
    status: clientStatus(),
    // false = frozen by risk from Merchant Control: the merchant may not transact.
    isActive: boolean().notNull().default(true),
    isInCertification: boolean().notNull().default(false),
    isEnrolledAsCryptoOnly: boolean().notNull().default(false),
    isMonthlyBillingEnabled: boolean().notNull().default(false),
    // Staff require a second factor of every user of this client's team (a parent's: and of its
    // merchants' teams).
    isSecondFactorRequired: boolean().notNull().default(false),
    // Parent hashcode used in public enrollment links.
    hashcode: text(),
    // Crypto settlement wallet address.
    wallet: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clients_api_key_hash_unique').on(t.apiKeyHash),
    uniqueIndex('clients_previous_api_key_hash_unique').on(t.previousApiKeyHash),
    index('clients_legacy_api_key_idx').on(t.id).where(sql`${t.legacyApiKey} is not null`),
    uniqueIndex('clients_public_key_unique').on(t.publicKey),
    uniqueIndex('clients_sandbox_api_key_unique').on(t.sandboxApiKey),
    uniqueIndex('clients_hashcode_unique').on(t.hashcode),
    // Hierarchy walks (children of a parent, recursive my-clients).
    index('clients_parent_id_idx').on(t.parentId),
    // Client pickers and the accounts grid sort by name.
    index('clients_level_name_idx').on(t.level, t.name),
    // The global search: name and DBA prefixes as C-collated ranges, MID and tax id last 4 exact.
    index('clients_search_name_idx').on(sql`lower(${t.name}) collate "C"`),
    index('clients_search_dba_name_idx').on(sql`lower(${t.dbaName}) collate "C"`),
    index('clients_mid_idx').on(t.mid).where(sql`${t.mid} is not null`),
    index('clients_tax_id_last4_idx').on(t.taxIdLast4).where(sql`${t.taxIdLast4} is not null`),
    check('clients_parent_is_not_self', sql`${t.parentId} <> ${t.id}`),
  ],
);

export type Customizations = {
  rbac_enabled?: boolean;
  skipped_menu_titles?: string[];
  default_search_page?: 'classic' | 'search';
  custom_fields?: string[];
  default_receipt_template?: string;
};

// Settings a parent hands down to the sub-merchants it onboards (its "child" settings).
export type ChildDefaults = {
  onboard?: boolean;
  rev_share?: number;
  avg_ticket_cents?: number;
  high_ticket_cents?: number;
  monthly_volume_cents?: number;
  monthly_high_volume_cents?: number;
  payment?: string;
  ach?: string;
  terminals?: string;
  card_rate?: string;
  ach_rate?: string;
  crypto_rate?: string;
  enroll_email?: 'false' | 'true' | 'custom';
  pause_settlement?: boolean;
};

// A client's configuration (processors, enrollment e-mail, revenue share, risk limits), one row per
// client.
export const clientConfigs = pgTable('client_configs', {
  clientId: uuid()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  payment: cardProcessor(),
  ach: achProcessor(),
  crypto: cryptoProvider(),
  payout: payoutMode().notNull().default('split_settlement'),
  terminals: terminalProvider(),
  checkEmaf: boolean().notNull().default(false),
  pauseSettlement: boolean().notNull().default(false),
  // Parent level: sub-merchants are onboarded automatically.
  onboard: boolean().notNull().default(false),
  enrollEmail: welcomeEmailMode().notNull().default('true'),
  // Parent level welcome e-mail body (w_enrollMessage); enrollments read it from their parent.
  wEnrollMessage: text(),
  levelThreeDataEnabled: boolean().notNull().default(false),
  metaFieldSearch: boolean().notNull().default(false),
  metaFieldSearchTerm: text(),
  // Decimal percentage as text, e.g. '12.50'; default '0.00'.
  revSharePercentage: numeric({ precision: 5, scale: 2 }).notNull().default('0.00'),
  revShareFormula: text(),
  forumPayState: text(),
  forumPayBankAccountUploaded: boolean().notNull().default(false),
  customizations: jsonb().$type<Customizations>().notNull().default({}),
  childDefaults: jsonb().$type<ChildDefaults>().notNull().default({}),
  hasPatientInformationInVault: boolean().notNull().default(false),
  hasOrphanedPaymentMethods: boolean().notNull().default(false),
  // Risk limits, with their business defaults.
  riskTimingMinutes: integer().notNull().default(60),
  riskDevices: integer().notNull().default(5),
  // Hourly velocity limit: more transactions than this in one hour flags the merchant.
  riskVelocity: integer().notNull().default(100),
  riskCcs: integer().notNull().default(3),
  riskTransactions: integer().notNull().default(5),
  highTicketCents: cents().notNull().default(1_000_000),
  avgTicketCents: cents(),
  monthlyVolumeCents: cents(),
  monthlyHighVolumeCents: cents(),
  updatedAt: updatedAt(),
});

// Pricing of a client. Rates are pricing strings ('2.90+0.30', 'IC+10bps+5c') parsed by the
// contracts pricing helpers; fees are integer cents; basis points are numeric text.
export const clientPricing = pgTable('client_pricing', {
  clientId: uuid()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  cardRate: text(),
  cardP2c: boolean().notNull().default(false),
  achRate: text(),
  achP2c: boolean().notNull().default(false),
  cryptoRate: text(),
  cryptoP2c: boolean().notNull().default(false),
  lowRate: text(),
  etfCents: cents().notNull().default(50_000),
  regFeeCents: cents(),
  pciFeeCents: cents(),
  genericPciFeeCents: cents(),
  monthlyFeeCents: cents(),
  monthlyMinCents: cents(),
  annualFeeCents: cents(),
  chargebackFeeCents: cents(),
  retrievalFeeCents: cents(),
  achReturnCents: cents(),
  achNocCents: cents(),
  tinMismatchCents: cents(),
  taxRate: numeric({ precision: 6, scale: 3 }),
  // Revenue share percent (default 50).
  revShare: integer().notNull().default(50),
  // EPX interchange-plus: rates in basis points ('9' means 0.09 %), fees in cents.
  qualifiedRateBps: numeric({ precision: 8, scale: 3 }),
  amexQualifiedRateBps: numeric({ precision: 8, scale: 3 }),
  debitQualifiedRateBps: numeric({ precision: 8, scale: 3 }),
  qualifiedTransactionFeeCents: cents(),
  amexQualifiedTransactionFeeCents: cents(),
  debitQualifiedTransactionFeeCents: cents(),
  interchangeDuesAssessmentsBps: numeric({ precision: 8, scale: 3 }),
  amexInterchangeDuesAssessmentsBps: numeric({ precision: 8, scale: 3 }),
  debitInterchangeDuesAssessmentsBps: numeric({ precision: 8, scale: 3 }),
  qualifiedCheckCardRateBps: numeric({ precision: 8, scale: 3 }),
  qualifiedCheckCardTransactionFeeCents: cents(),
  interchangeTransactionPassthroughCreditFeeCents: cents(),
  interchangeTransactionPassthroughCheckCardFeeCents: cents(),
  debitGatewayFeeCents: cents(),
  debitTransactionFeeCents: cents(),
  monthlyBasicServiceFeeCents: cents(),
  monthlyMinimumDiscountFeeCents: cents(),
  returnItemSupportFeeCents: cents(),
  updatedAt: updatedAt(),
});

// Processor identifiers of a client (its keystore). Secrets (EPX external key, the Bluesnap login) are
// encrypted; the rest are identifiers the processors print on their own reports.
export const clientKeystore = pgTable('client_keystore', {
  clientId: uuid()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  propayMid: text(),
  heartlandPublicKey: text(),
  epxExternalKeyEnc: text(),
  epxExternalKeyLast4: text(),
  epxMerchantIdentifier: text(),
  mMid: text(),
  mPid: text(),
  bMid: text(),
  curpayId: text(),
  forumPayIdentifier: text(),
  bIdEnc: text(),
  bIdLast4: text(),
  updatedAt: updatedAt(),
});

// Settlement / payout bank account; one primary account per client.
export const clientBankAccounts = pgTable(
  'client_bank_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountNumberEnc: text().notNull(),
    accountNumberLast4: text().notNull(),
    routingNumberEnc: text().notNull(),
    routingNumberLast4: text().notNull(),
    accountType: bankAccountType().notNull().default('checking'),
    isPrimary: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Payouts go to exactly one account.
    uniqueIndex('client_bank_accounts_one_primary').on(t.clientId).where(sql`${t.isPrimary}`),
  ],
);

// Per-MCC sub-pricing of a client (its MCC config, shown as subpricing rows).
export const clientMccConfigs = pgTable(
  'client_mcc_configs',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    mccCode: text()
      .notNull()
      .references(() => mccCodes.code, { onDelete: 'restrict' }),
    label: text(),
    cardRate: text(),
    achRate: text(),
    cryptoRate: text(),
    cardP2c: boolean().notNull().default(false),
    achP2c: boolean().notNull().default(false),
    cryptoP2c: boolean().notNull().default(false),
    lowRate: text(),
    etfCents: cents(),
    regFeeCents: cents(),
    pciFeeCents: cents(),
    monthlyFeeCents: cents(),
    monthlyMinimumCents: cents(),
    annualFeeCents: cents(),
    chargebackFeeCents: cents(),
    achReturnCents: cents(),
    taxRate: numeric({ precision: 6, scale: 3 }),
    avgTicketCents: cents(),
    highTicketCents: cents(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('client_mcc_configs_client_mcc_unique').on(t.clientId, t.mccCode)],
);

// Principals 1 to 4 of an account as rows (field prefixes none, two_, three_, four_).
export const clientPrincipals = pgTable(
  'client_principals',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    ...principalColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('client_principals_client_position_unique').on(t.clientId, t.position),
    check('client_principals_position_range', sql`${t.position} between 1 and 4`),
  ],
);

// merchant_sub_entity_custom_fields: the custom fields every location of a merchant carries.
export const clientCustomFields = pgTable(
  'client_custom_fields',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: customFieldType().notNull().default('text'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('client_custom_fields_client_name_unique').on(t.clientId, t.name)],
);

// Branding of a white-label parent: its hierarchy's portal, e-mails, payment frame and receipts.
export const whiteLabels = pgTable('white_labels', {
  clientId: uuid()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  // Six-digit hex; applied only while it reads at AA contrast on white (checked again when read).
  color: text(),
  // Where the logo is served: this server's public address of logoStorageKey's image.
  logoUrl: text(),
  // Key of the uploaded logo in file_blobs (PNG or JPEG, checked by content).
  logoStorageKey: text(),
  entityName: text().notNull(),
  updatedAt: updatedAt(),
});

export type Client = typeof clients.$inferSelect;
export type ClientConfig = typeof clientConfigs.$inferSelect;
export type ClientPricing = typeof clientPricing.$inferSelect;
export type ClientKeystore = typeof clientKeystore.$inferSelect;
