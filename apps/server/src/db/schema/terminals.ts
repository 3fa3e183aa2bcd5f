import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subEntities } from './access';
import { clients } from './clients';
import { createdAt, timestamptz, updatedAt } from './columns';
import { terminalDeviceType } from './enums';

// Card-present devices (spec 3 §3 Terminal management and link payload).
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

export type VirtualTerminalCustomField = {
  id?: string;
  name: string;
  type: 'text' | 'checkbox' | 'radio' | 'dropdown' | 'date';
  values?: string[];
  required?: boolean;
  requireForGuest?: boolean;
};

// Configured virtual terminals / payment pages (spec 2 §3 Virtual terminal URL record).
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
export type VirtualTerminalUrl = typeof virtualTerminalUrls.$inferSelect;
