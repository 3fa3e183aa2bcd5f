import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

export const keyAlgorithm = pgEnum('key_algorithm', ['TDES', 'AES']);

// A key entered from components. It is complete once two different staff
// members have each loaded a component (dual control); then the components are forgotten and the
// combined key is kept, encrypted with the data key. At most one key is being entered at a time.
export const keyCeremonies = pgTable(
  'key_ceremonies',
  {
    id: uuid().primaryKey().defaultRandom(),
    algorithm: keyAlgorithm().notNull(),
    lengthBytes: smallint().notNull(),
    keyEnc: text(),
    kcv: text(),
    // The key-management key remote key injection wraps under (POST /api/key-entry/arn).
    arn: text(),
    createdAt: createdAt(),
    completedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('key_ceremonies_one_open').on(sql`(true)`).where(sql`${t.completedAt} is null`),
    index('key_ceremonies_completed_idx').on(t.completedAt),
  ],
);

export const keyComponents = pgTable(
  'key_components',
  {
    id: uuid().primaryKey().defaultRandom(),
    ceremonyId: uuid()
      .notNull()
      .references(() => keyCeremonies.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    // Encrypted with the data key until the key is complete, then cleared.
    componentEnc: text(),
    kcv: text().notNull(),
    loadedByUserId: uuid()
      .notNull()
      .references(() => users.id),
    loadedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('key_components_position_unique').on(t.ceremonyId, t.position),
    // Dual control in the database too: one component per staff member per key.
    uniqueIndex('key_components_officer_unique').on(t.ceremonyId, t.loadedByUserId),
  ],
);

// A device's initial key derived from the BDK and its serial number (ANSI X9.24-1), kept encrypted
// for the injection step; only check values leave the server.
export const keyInjections = pgTable(
  'key_injections',
  {
    id: uuid().primaryKey().defaultRandom(),
    ceremonyId: uuid()
      .notNull()
      .references(() => keyCeremonies.id),
    ksn: text().notNull(),
    ipekEnc: text().notNull(),
    ipekKcv: text().notNull(),
    arn: text().notNull(),
    injectedByUserId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('key_injections_ksn_idx').on(t.ksn)],
);
