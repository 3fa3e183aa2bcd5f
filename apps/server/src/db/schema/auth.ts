import { boolean, index, inet, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, timestamptz } from './columns';
import { loginTokenPurpose } from './enums';
import { users } from './users';

// Server-side sessions. The cookie carries a 256-bit random token; only its SHA-256
// is stored, so a copy of the table cannot be replayed as cookies.
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
    // Idle limit, pushed forward on activity; absoluteExpiresAt never moves.
    expiresAt: timestamptz().notNull(),
    absoluteExpiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    ip: inet(),
    userAgent: text(),
    viewAsClientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    // Set when an admin signed in through a mimic link: the audit trail names the real person.
    mimickedByUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    // Signed in with the first factor only: every route but the second-factor challenge, the
    // session check and logout refuses it until a code is proved.
    awaitingSecondFactor: boolean().notNull().default(false),
    // Wrong codes typed in this session's challenge; the fifth ends the session.
    secondFactorFailures: smallint().notNull().default(0),
    // When the second factor was last proved in this session (step-up reads it).
    secondFactorAt: timestamptz(),
    // A waiting session of a user who must have a second factor and has none: it may only set one up.
    secondFactorEnrolment: boolean().notNull().default(false),
  },
  (t) => [
    // Sign out everywhere / revoke on role change.
    index('sessions_user_id_idx').on(t.userId),
    // Expired-session sweep.
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

// Single-use e-mail sign-in and mimic links; only the SHA-256 of the token is kept.
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    email: text().notNull(),
    purpose: loginTokenPurpose().notNull().default('sign_in'),
    // The admin who asked for a mimic link.
    requestedByUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz().notNull(),
    consumedAt: timestamptz(),
    createdAt: createdAt(),
    requestedIp: inet(),
  },
  (t) => [
    uniqueIndex('login_tokens_token_hash_unique').on(t.tokenHash),
    // Per-address rate limit: links asked for an e-mail in the last minutes.
    index('login_tokens_email_created_at_idx').on(t.email, t.createdAt),
  ],
);

// Social sign-in accounts (OpenID Connect) linked to a user.
export const identities = pgTable(
  'identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text(),
    emailVerified: boolean().notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('identities_issuer_subject_unique').on(t.issuer, t.subject),
    index('identities_user_id_idx').on(t.userId),
  ],
);

export type Session = typeof sessions.$inferSelect;
