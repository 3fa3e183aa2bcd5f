import { bigint, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

// A user's authenticator app (TOTP). One per user; confirmedAt null: set up but not yet confirmed
// with a code, so it does not guard sign-in yet.
export const userAuthenticators = pgTable('user_authenticators', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The shared secret, sealed with the data key (encryptedColumn.authenticatorSecret).
  secretEnc: text().notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamptz(),
  // The last time step a code was accepted for: a code of that step or an earlier one is refused,
  // so a code works once.
  lastUsedStep: bigint({ mode: 'number' }),
});

// Single-use recovery codes; only a digest is kept.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: createdAt(),
    usedAt: timestamptz(),
  },
  // Leads with user_id: also serves reading a user's codes.
  (t) => [uniqueIndex('recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);
