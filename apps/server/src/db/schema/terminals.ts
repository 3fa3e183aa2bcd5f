import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subEntities } from './access';
import { clients } from './clients';
import { cents, createdAt, timestamptz, updatedAt } from './columns';
import { terminalDeviceType } from './enums';

// Card-present devices of a merchant, as terminal management lists them.
export const terminals = pgTable(
  'terminals',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    subEntityId: uuid().references(() => subEntities.id, { onDelete: 'set null' }),
    name: text(),
    sn: text(),
    tpn: text(),
    laneId: text().notNull(),
    registerId: text(),
    // The device auth key is a processor secret.
    authKeyEnc: text(),
    authKeyLast4: text(),
    terminalType: terminalDeviceType().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // DELETE /api/terminal/delete/{laneId} addresses a terminal by lane within the merchant.
    uniqueIndex('terminals_client_lane_unique').on(t.clientId, t.laneId),
  ],
);

// 'Order A Pax Device': what was ordered, where it goes and the card charge's
// token (display form ISSUER-last4-mm-yyyy) and last four. Never the card number or CVV. Written in
// the money attempt's settling transaction; user_id has no foreign key, as in the audit log.
export const paxOrders = pgTable(
  'pax_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid().notNull(),
    paymentAttemptId: uuid().notNull(),
    deviceName: text().notNull(),
    quantity: integer().notNull(),
    amountCents: cents().notNull(),
    shipTo: text().notNull(),
    shipToContact: text().notNull(),
    shipToAddress: text().notNull(),
    shipToCity: text().notNull(),
    shipToState: text().notNull(),
    shipToZip: text().notNull(),
    shipToPhone: text().notNull(),
    cardholderName: text().notNull(),
    billingZip: text().notNull(),
    cardToken: text().notNull(),
    cardLast4: text().notNull(),
    processorReference: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pax_orders_client_idx').on(t.clientId, t.createdAt),
    uniqueIndex('pax_orders_attempt_unique').on(t.paymentAttemptId),
  ],
);

export type VirtualTerminalCustomField = {
  id?: string;
  name: string;
  type: 'text' | 'checkbox' | 'radio' | 'dropdown' | 'date';
  values?: string[];
  required?: boolean;
  requireForGuest?: boolean;
};

// Configured virtual terminals / payment pages, one per saved virtual terminal address.
export const virtualTerminalUrls = pgTable(
  'virtual_terminal_urls',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    // Payment frame address with the base64 JSON 'params' query.
    url: text().notNull(),
    // Short public code: /url/{url_id}.
    urlId: text().notNull(),
    isActive: boolean().notNull().default(true),
    customFields: jsonb().$type<VirtualTerminalCustomField[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('virtual_terminal_urls_url_id_unique').on(t.urlId),
    index('virtual_terminal_urls_client_idx').on(t.clientId),
  ],
);

// Shortened payment links (GET /api/urls?url=...).
export const shortLinks = pgTable(
  'short_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    targetUrl: text().notNull(),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('short_links_code_unique').on(t.code)],
);

export type Terminal = typeof terminals.$inferSelect;
export type PaxOrder = typeof paxOrders.$inferSelect;
export type VirtualTerminalUrl = typeof virtualTerminalUrls.$inferSelect;
