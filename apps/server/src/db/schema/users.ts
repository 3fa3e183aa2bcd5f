import type { ColorSchemePreference } from '@portico/contracts/auth/color-scheme';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, timestamptz, updatedAt } from './columns';
import { userLabel, userType } from './enums';

// UI preferences that are not grid layouts (those live in grid_configs, and the API assembles
// user_customizations.grid_config from there).
export type UserCustomizations = {
  sidebar_collapsed?: boolean;
  tours_seen?: string[];
  color_scheme?: ColorSchemePreference;
};

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Stored lowercased; the check keeps a mixed-case duplicate out.
    email: text().notNull(),
    name: text().notNull(),
    phone: text(),
    userType: userType().notNull(),
    label: userLabel(),
    // The product's processor_audit_user: reduced menu for processor auditors.
    isProcessorAuditUser: boolean().notNull().default(false),
    isDemoUser: boolean().notNull().default(false),
    defaultClientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    isLockedOut: boolean().notNull().default(false),
    // The product's disabled: the account exists but may not sign in.
    isDisabled: boolean().notNull().default(false),
    // IANA name; the timezones table lists the ones the settings modal offers.
    timezone: text().notNull().default('America/New_York'),
    userCustomizations: jsonb().$type<UserCustomizations>().notNull().default({}),
    lastSignInAt: timestamptz(),
    // When the person last proved they read this address (a login link, a password reset link, a
    // sign-in through a provider that vouches for it); cleared when the address changes. Password
    // sign-in needs it.
    emailVerifiedAt: timestamptz(),
    // scrypt, its parameters and salt in one string (lib/password-hash.ts); null: no password.
    passwordHash: text(),
    passwordSetAt: timestamptz(),
    // Consecutive wrong passwords; at the limit, password sign-in is locked until passwordLockedUntil.
    passwordFailedCount: integer().notNull().default(0),
    passwordLockedUntil: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    // Users of a merchant (GET /api/client/users) start from the default client.
    index('users_default_client_id_idx').on(t.defaultClientId),
  ],
);

// Saved grid layouts; named layouts carry a '___name' suffix on the key.
export const gridConfigs = pgTable(
  'grid_configs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    layout: jsonb().$type<unknown>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('grid_configs_user_key_unique').on(t.userId, t.key)],
);

export type User = typeof users.$inferSelect;
