import { and, asc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { buildStatement, queryRowsNamed } from '../../db/named-statement';
import { subEntities } from '../../db/schema/access';
import { clientConfigs, clientPricing, clients } from '../../db/schema/clients';
import { fileBlobs } from '../../db/schema/documents';
import { achProcessor, cardProcessor, clientLevel, clientStatus } from '../../db/schema/enums';
import { transactions } from '../../db/schema/transactions';
import { users } from '../../db/schema/users';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';
import type { SqlRow } from '../../db/sql-rows';
import { countHitSql, type LimitHit, type RouteLimit } from '../../lib/rate-limit-counters';
import {
  type PaymentRiskFigures,
  parseRiskFigures,
  paymentRiskFiguresSql,
  riskBoundsOf,
  riskBoundsSql,
} from '../risk/risk.repository';

// A merchant's sub-locations, by name: what the frame's locations dropdown offers.
export async function listMerchantLocations(executor: Executor, clientId: string) {
  return executor
    .select({ id: subEntities.id, name: subEntities.name, customFields: subEntities.customFields })
    .from(subEntities)
    .where(eq(subEntities.clientId, clientId))
    .orderBy(asc(subEntities.name));
}

const parentClient = alias(clients, 'parent_client');
const ownLogo = alias(fileBlobs, 'own_logo');
const parentLogo = alias(fileBlobs, 'parent_logo');

// The merchant's stored logo, else its parent's (what the portal shows its users), if any.
export async function findMerchantLogo(executor: Executor, clientId: string): Promise<Buffer | null> {
  const [row] = await executor
    .select({ own: ownLogo.content, parent: parentLogo.content })
    .from(clients)
    .leftJoin(ownLogo, eq(ownLogo.storageKey, clients.logoStorageKey))
    .leftJoin(parentClient, eq(parentClient.id, clients.parentId))
    .leftJoin(parentLogo, eq(parentLogo.storageKey, parentClient.logoStorageKey))
    .where(eq(clients.id, clientId));
  return row?.own ?? row?.parent ?? null;
}

// The version of what frameMerchantSql reads: its three rows' xmin, which every update of a row
// changes. A charge planned on a remembered merchant claims only while it is still this version.
const frameMerchantVersionSql = sql`${clients}.xmin::text || '.' || coalesce(${clientConfigs}.xmin::text, '-')
  || '.' || coalesce(${clientPricing}.xmin::text, '-')`;

// The merchant a payment frame's publishable key names, with what taking a payment checks: one
// subquery, read alone (findMerchantByPublishableKey) or in a charge's first statement.
function frameMerchantSql(key: SQLWrapper): SQL {
  return sql`select ${clients.id}::text as id, ${clients.name} as name, ${clients.level}::text as level,
      ${clients.isActive} as is_active, ${clients.status}::text as status,
      ${clientConfigs.payment}::text as card_processor, ${clientConfigs.ach}::text as ach_processor,
      ${clientConfigs.highTicketCents}::text as high_ticket_cents,
      -- The rates the merchant passes on to its customers (card_p2c, ach_p2c).
      ${clientPricing.cardRate} as card_rate, ${clientPricing.cardP2c} as card_p2c,
      ${clientPricing.achRate} as ach_rate, ${clientPricing.achP2c} as ach_p2c,
      ${frameMerchantVersionSql} as version
    from ${clients}
    left join ${clientConfigs} on ${clientConfigs.clientId} = ${clients.id}
    left join ${clientPricing} on ${clientPricing.clientId} = ${clients.id}
    where ${clients.publicKey} = ${key}`;
}

// A row of frameMerchantSql, as the charge reads it.
const frameMerchantRow = z
  .object({
    id: z.string(),
    name: z.string(),
    level: z.enum(clientLevel.enumValues),
    is_active: z.boolean(),
    status: z.enum(clientStatus.enumValues).nullable(),
    card_processor: z.enum(cardProcessor.enumValues).nullable(),
    ach_processor: z.enum(achProcessor.enumValues).nullable(),
    high_ticket_cents: z.string().nullable(),
    card_rate: z.string().nullable(),
    card_p2c: z.boolean().nullable(),
    ach_rate: z.string().nullable(),
    ach_p2c: z.boolean().nullable(),
    version: z.string(),
  })
  .transform((m) => ({
    id: m.id,
    name: m.name,
    level: m.level,
    isActive: m.is_active,
    status: m.status,
    cardProcessor: m.card_processor,
    achProcessor: m.ach_processor,
    highTicketCents: m.high_ticket_cents === null ? null : Number(m.high_ticket_cents),
    cardRate: m.card_rate,
    cardP2c: m.card_p2c,
    achRate: m.ach_rate,
    achP2c: m.ach_p2c,
    version: m.version,
  }));

export type FrameMerchantRow = z.output<typeof frameMerchantRow>;

// Sent by name (db/named-statement.ts): every frame page and charge starts with it.
const frameMerchantStatement = buildStatement(frameMerchantSql(sql.placeholder('key')));

export async function findMerchantByPublishableKey(
  executor: Executor,
  publishableKey: string,
): Promise<FrameMerchantRow | undefined> {
  const [row] = await queryRowsNamed(executor, frameMerchantStatement, { key: publishableKey });
  return row ? frameMerchantRow.parse(row) : undefined;
}

// The merchant's risk figures for a payment written at `at` (risk.repository.ts; they annotate the
// booking's audit entry), its bounds as placeholders risk_<name>.
function chargeRiskFiguresSql(clientId: SQL): SQL {
  return paymentRiskFiguresSql(
    clientId,
    riskBoundsSql((name) => sql`${sql.placeholder(`risk_${name}`)}`),
    { amountCents: 0, isRecorded: false },
  );
}

function riskBoundValues(at: Date): Record<string, string> {
  return Object.fromEntries(Object.entries(riskBoundsOf(at)).map(([name, value]) => [`risk_${name}`, value]));
}

// A charge's first statement, one round trip, for speed: the payer's hit on the charge's
// limit (unless already counted), the merchant of the key, and the merchant's risk figures. The
// hit is counted whether or not the key names a merchant.
function openChargeSql(countsHit: boolean): SQL {
  const hit = countsHit
    ? sql`(${countHitSql(sql.placeholder('limitKey'), sql.placeholder('limitSeconds'))})`
    : sql`(select null::int as hits, null::float8 as ttl)`;
  return sql`
  with hit as ${hit}
  select hit.hits, hit.ttl, m.*, r.prior_n, r.prior_mean, r.prior_variance, r.hour_n, r.risk_velocity
  from hit
  left join (${frameMerchantSql(sql.placeholder('key'))}) m on true
  left join lateral (${chargeRiskFiguresSql(sql`m.id::uuid`)}) r on m.id is not null`;
}
const openChargeStatements = {
  counting: buildStatement(openChargeSql(true)),
  read: buildStatement(openChargeSql(false)),
};

export type OpenedCharge = {
  // null: not counted here (the caller already did).
  hit: LimitHit | null;
  merchant: FrameMerchantRow | undefined;
  // The figures of a payment of that merchant written at `at`; undefined without a merchant.
  riskFigures: PaymentRiskFigures | undefined;
};

// limit null: the payer's hit is already counted.
export async function openCharge(
  executor: Executor,
  input: { key: string; limit: RouteLimit | null; at: Date },
): Promise<OpenedCharge> {
  const { limit } = input;
  const [row] = await queryRowsNamed(
    executor,
    limit === null ? openChargeStatements.read : openChargeStatements.counting,
    {
      ...(limit === null ? {} : { limitKey: limit.key, limitSeconds: limit.windowSeconds }),
      key: input.key,
      ...riskBoundValues(input.at),
    },
  );
  if (!row) throw new Error('the charge statement answered no row');
  const hasMerchant = row.id !== null;
  return {
    hit: limit === null ? null : { hits: Number(row.hits), ttlMs: Number(row.ttl) },
    merchant: hasMerchant ? frameMerchantRow.parse(row) : undefined,
    // Its high_ticket_cents is the merchant's, the same client_configs column.
    riskFigures: hasMerchant ? parseRiskFigures(row) : undefined,
  };
}

// The claim of a charge planned on a remembered merchant (for speed: three round trips instead
// of four): what openCharge would have read first goes into the claiming statement (lib/money-attempt.ts
// AttemptGuard.extra): the payer's hit, counted whatever happens, the merchant's current version and
// its risk figures. The claim is made only while the hit is within the limit and the merchant is still
// the version planned on (and takes payments: the guard itself).
const rememberedMerchantWith = sql`hit as (${countHitSql(sql.placeholder('limitKey'), sql.placeholder('limitSeconds'))}),
  remembered as (select ${frameMerchantVersionSql} as version,
      ${clientConfigs.highTicketCents}::text as high_ticket_cents from ${clients}
    left join ${clientConfigs} on ${clientConfigs.clientId} = ${clients.id}
    left join ${clientPricing} on ${clientPricing.clientId} = ${clients.id}
    where ${clients.id} = ${sql.placeholder('guardClientId')})`;

// The guard's condition: within the limit and the version planned on.
export const rememberedMerchantHolds = sql`(select hits from hit) <= ${sql.placeholder('limitMax')}
  and (select version from remembered) = ${sql.placeholder('rememberedVersion')}`;

const rememberedMerchantAnswers = sql`select hit.hits, hit.ttl, remembered.version, remembered.high_ticket_cents,
    r.prior_n, r.prior_mean, r.prior_variance, r.hour_n, r.risk_velocity
  from hit left join remembered on true
  left join lateral (${chargeRiskFiguresSql(sql`${sql.placeholder('guardClientId')}::uuid`)}) r on true`;

export type RememberedClaim = { hit: LimitHit; version: string | null; riskFigures: PaymentRiskFigures };

export type RememberedMerchantClaimParts = {
  with: SQL;
  answers: SQL;
  values: Record<string, unknown>;
  parse(row: SqlRow): RememberedClaim;
};

export function rememberedMerchantClaim(input: {
  limit: RouteLimit;
  version: string;
  at: Date;
}): RememberedMerchantClaimParts {
  return {
    with: rememberedMerchantWith,
    answers: rememberedMerchantAnswers,
    values: {
      limitKey: input.limit.key,
      limitSeconds: input.limit.windowSeconds,
      limitMax: input.limit.max,
      rememberedVersion: input.version,
      ...riskBoundValues(input.at),
    },
    parse: (row) => ({
      hit: { hits: Number(row.hits), ttlMs: Number(row.ttl) },
      version: typeof row.version === 'string' ? row.version : null,
      riskFigures: parseRiskFigures(row),
    }),
  };
}

// A saved method of one vault customer of one merchant.
export async function findVaultMethod(
  executor: Executor,
  clientId: string,
  customerId: string,
  methodId: string,
) {
  const [row] = await executor
    .select({
      token: vaultPaymentMethods.token,
      customerId: vaultCustomers.id,
      firstName: vaultCustomers.firstName,
      lastName: vaultCustomers.lastName,
      email: vaultCustomers.email,
    })
    .from(vaultPaymentMethods)
    .innerJoin(vaultCustomers, eq(vaultCustomers.id, vaultPaymentMethods.customerId))
    .where(
      and(
        eq(vaultPaymentMethods.id, methodId),
        eq(vaultCustomers.id, customerId),
        eq(vaultCustomers.clientId, clientId),
      ),
    );
  return row;
}

export async function insertChargeTransaction(tx: Tx, row: typeof transactions.$inferInsert) {
  const [inserted] = await tx.insert(transactions).values(row).returning({
    id: transactions.id,
    createdAt: transactions.createdAt,
  });
  if (!inserted) throw new Error('charge insert returned nothing');
  return inserted;
}

// Idempotency keys and money attempts belong to a user; a payer on a payment page has no account, so
// their charges are held by one disabled, locked system account that can never sign in (.invalid
// never receives mail, and both flags refuse a session).
export const payerSystemEmail = 'payment-page-payers@system.invalid';
const payerIds = new WeakMap<object, string>();

export async function payerSystemUserId(executor: Executor): Promise<string> {
  const known = payerIds.get(executor);
  if (known !== undefined) return known;
  await executor
    .insert(users)
    .values({
      email: payerSystemEmail,
      name: 'Payment page payers (system)',
      userType: 'user',
      isDisabled: true,
      isLockedOut: true,
    })
    .onConflictDoNothing();
  const [row] = await executor.select({ id: users.id }).from(users).where(eq(users.email, payerSystemEmail));
  if (!row) throw new Error('payer system account missing');
  payerIds.set(executor, row.id);
  return row.id;
}
