import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, timestamptz } from './columns';
import { merchantCountBand } from './enums';

// Public developer certification registrations, sent from the page that needs no sign-in.
export const developerRegistrations = pgTable(
  'developer_registrations',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    company: text().notNull(),
    // Selected integration features (required and optional checkboxes).
    features: jsonb().$type<string[]>().notNull().default([]),
    expectedMerchantsNow: merchantCountBand(),
    expectedMerchants90Days: merchantCountBand(),
    callbackUrl: text(),
    instructionsSentAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [index('developer_registrations_email_idx').on(t.email)],
);

// Sandbox certification results of a client in certification: each completed test names its required
// endpoint and its result. Progress counts charges, refunds and reporting.
export const certificationTests = pgTable(
  'certification_tests',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    // charges, refunds or reporting.
    category: text().notNull(),
    requiredEndpoint: text().notNull(),
    isPassed: boolean().notNull(),
    testResult: text(),
    completedAt: createdAt(),
  },
  (t) => [uniqueIndex('certification_tests_client_endpoint_unique').on(t.clientId, t.requiredEndpoint)],
);
