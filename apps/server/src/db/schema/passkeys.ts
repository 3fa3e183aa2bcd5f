import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

// A user's passkeys (WebAuthn credentials), each named by its owner. The public key is not a secret:
// it only checks signatures.
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The authenticator's credential id (base64url); one credential belongs to one account.
    credentialId: text().notNull(),
    // The COSE public key (base64url).
    publicKey: text().notNull(),
    // The authenticator's signature counter: an answer must carry a higher one (when it counts).
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default([]),
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_id_unique').on(t.credentialId),
    index('user_passkeys_user_id_idx').on(t.userId),
  ],
);

// A passkey request waiting for the browser's answer: its random challenge, for one purpose, tied
// to the session that asked (registration, the second factor) or to a signed cookie naming this row
// (passwordless sign-in). Taken (deleted) by the first answer, good or bad, so it never works twice.
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: text({ enum: ['registration', 'second_factor', 'sign_in'] }).notNull(),
    challenge: text().notNull(),
    sessionId: text().references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [
    index('passkey_challenges_session_id_idx').on(t.sessionId),
    index('passkey_challenges_expires_at_idx').on(t.expiresAt),
  ],
);
