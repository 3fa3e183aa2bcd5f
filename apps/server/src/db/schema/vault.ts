import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, updatedAt } from './columns';
import { vaultIssuer } from './enums';

export type PaymentRequestMeta = Record<string, unknown> & { customFields?: Record<string, unknown> };

// Saved customers of a merchant. Card numbers are never stored: payment methods
// hold processor tokens.
export const vaultCustomers = pgTable(
  'vault_customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    firstName: text(),
    lastName: text(),
    // Lowercased like user e-mails, so searches match exactly.
    email: text(),
    phoneNumber: text(),
    // Patient fields encrypted at rest (encrypted-columns.ts names), and the patient
    // number's keyed hash (HMAC-SHA-256 under a sub-key of the data key) for exact search.
    patientNumberEnc: text(),
    patientFirstNameEnc: text(),
    patientLastNameEnc: text(),
    patientNumberHash: text(),
    externalId: text(),
    billingRegion: text(),
    billingLocality: text(),
    billingAddressLine1: text('billing_address_line_1'),
    billingAddressLine2: text('billing_address_line_2'),
    billingCountry: text(),
    billingPostalCode: text(),
    shippingRegion: text(),
    shippingLocality: text(),
    shippingAddressLine1: text('shipping_address_line_1'),
    shippingAddressLine2: text('shipping_address_line_2'),
    shippingCountry: text(),
    shippingPostalCode: text(),
    paymentRequestMeta: jsonb().$type<PaymentRequestMeta>().notNull().default({}),
    // The saved methods as the vault search answers them (JSON texts, comma-joined,
    // '' for none), written by the database's triggers whenever a method or the billing address
    // changes (migration 0020, vault_customer_methods_json); never written by the app.
    methodsJson: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // GET api/payee/all searches one merchant's customers: prefix on names and e-mail, exact on external
    // id and the patient number's hash. Lowercased under the C collation, so one index serves both the
    // LIKE 'abc%' range and the answer's order (each search branch reads at most one page of it).
    index('vault_customers_client_last_name_idx').on(
      t.clientId,
      sql`lower(${t.lastName}) collate "C"`,
      sql`lower(${t.firstName}) collate "C"`,
      t.id,
    ),
    index('vault_customers_client_first_name_idx').on(
      t.clientId,
      sql`lower(${t.firstName}) collate "C"`,
      sql`lower(${t.lastName}) collate "C"`,
      t.id,
    ),
    index('vault_customers_client_email_idx').on(t.clientId, sql`lower(${t.email}) collate "C"`, t.id),
    // The global search over every merchant: the same prefixes without the merchant first.
    index('vault_customers_search_email_idx').on(sql`lower(${t.email}) collate "C"`, t.clientId),
    index('vault_customers_search_last_name_idx').on(sql`lower(${t.lastName}) collate "C"`, t.clientId),
    index('vault_customers_search_first_name_idx').on(sql`lower(${t.firstName}) collate "C"`, t.clientId),
    index('vault_customers_client_external_id_idx').on(t.clientId, t.externalId),
    index('vault_customers_client_patient_number_hash_idx').on(t.clientId, t.patientNumberHash),
  ],
);

export const vaultPaymentMethods = pgTable(
  'vault_payment_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => vaultCustomers.id, { onDelete: 'cascade' }),
    // Processor token, displayed as ISSUER-last4-mm-yyyy.
    token: text().notNull(),
    issuer: vaultIssuer().notNull(),
    last4: text().notNull(),
    // Bank accounts have no expiry.
    expMonth: smallint(),
    expYear: smallint(),
    createdAt: createdAt(),
  },
  (t) => [
    // Saved methods are deduplicated by issuer, last four and expiry.
    // NULLS NOT DISTINCT (PostgreSQL 15+) so bank accounts without expiry deduplicate too.
    unique('vault_payment_methods_dedup_unique')
      .on(t.customerId, t.issuer, t.last4, t.expMonth, t.expYear)
      .nullsNotDistinct(),
    check('vault_payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('vault_payment_methods_exp_month', sql`${t.expMonth} between 1 and 12`),
  ],
);

export type VaultCustomer = typeof vaultCustomers.$inferSelect;
export type VaultPaymentMethod = typeof vaultPaymentMethods.$inferSelect;
