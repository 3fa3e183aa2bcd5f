import {
  minPaymentsForStdDev,
  stdDevMultiplier,
  stdDevTrailingDays,
  velocityWindowMinutes,
} from '@portico/contracts/risk/risk-rules';
import {
  paymentRailOfTransactionType,
  transactionTypes,
} from '@portico/contracts/transactions/transaction-enums';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { memberships, roles } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { fileBlobs } from '../../db/schema/documents';
import {
  merchantStatusHistory,
  riskSettings,
  transactionNoteAttachments,
  transactionNotes,
} from '../../db/schema/risk';
import { users } from '../../db/schema/users';
import { isoUtc } from '../../db/sql-json';
import { queryRows } from '../../db/sql-rows';

// Payments that risk rules look at: every type that moves money in, not undo records or batches.
const paymentTypes = transactionTypes.filter((type) => paymentRailOfTransactionType(type) !== null);
const paymentTypeList = () =>
  sql.join(
    paymentTypes.map((type) => sql`${type}`),
    sql`, `,
  );

export type RiskWindow = { start: Date; end: Date };

// Every payment of the window that breaks a rule, one row per rule, as a subquery. The rules are those
// of contracts risk-rules, computed with window functions: the merchant's payments of the trailing
// stdDevTrailingDays before each payment (itself excluded) and of its trailing hour (itself included).
// clientFilter, when given, is a subquery of client ids (the dashboard's hierarchy scope).
export function flaggedPaymentsQuery(window: RiskWindow, clientFilter: SQL | null): SQL {
  const start = sql`${window.start.toISOString()}::timestamptz`;
  const end = sql`${window.end.toISOString()}::timestamptz`;
  const trailing = sql.raw(`interval '${stdDevTrailingDays} days'`);
  const hour = sql.raw(`interval '${velocityWindowMinutes} minutes'`);
  return sql`(
    with payments as (
      select t.id, t.client_id, t.amount_cents, t.created_at
      from transactions t
      where t.created_at >= ${start} - ${trailing} and t.created_at < ${end}
        and t.type::text in (${paymentTypeList()})
        and t.payment_status is distinct from false
        ${clientFilter ? sql`and t.client_id in (${clientFilter})` : sql``}
    ),
    judged as (
      select p.id, p.client_id, p.amount_cents, p.created_at,
        count(*) over trailing_days as n_with_self, sum(p.amount_cents::numeric) over trailing_days as sum_with_self,
        sum(p.amount_cents::numeric * p.amount_cents) over trailing_days as squares_with_self,
        count(*) over last_hour as hour_n
      from payments p
      window trailing_days as (partition by p.client_id order by p.created_at
          range between ${trailing} preceding and current row),
        last_hour as (partition by p.client_id order by p.created_at
          range between ${hour} preceding and current row)
    ),
    -- The payment's own amount taken out of the sums: a moving sum keeps the window linear, where
    -- an EXCLUDE CURRENT ROW frame re-aggregates the whole trailing window for every row.
    prior as (
      select j.*, j.n_with_self - 1 as prior_n,
        (j.sum_with_self - j.amount_cents) / nullif(j.n_with_self - 1, 0) as prior_mean,
        (j.squares_with_self - j.amount_cents::numeric * j.amount_cents) / nullif(j.n_with_self - 1, 0)
          as prior_squares_mean
      from judged j
      where j.created_at >= ${start}
    ),
    in_window as (
      select w.id, w.client_id, w.amount_cents, w.created_at, w.hour_n, w.prior_n, w.prior_mean,
        w.prior_squares_mean - w.prior_mean * w.prior_mean as prior_variance,
        cc.high_ticket_cents, cc.risk_velocity
      from prior w left join client_configs cc on cc.client_id = w.client_id
    )
    -- amount > mean + k·sd, squared on both sides (amount above the mean): exact numeric, no sqrt.
    select 'std_dev' as kind, w.* from in_window w
    where w.prior_n >= ${minPaymentsForStdDev} and w.prior_variance > 0 and w.amount_cents > w.prior_mean
      and (w.amount_cents - w.prior_mean) ^ 2 > ${stdDevMultiplier * stdDevMultiplier} * w.prior_variance
    union all
    select 'high_ticket', w.* from in_window w where w.amount_cents > w.high_ticket_cents
    union all
    select 'high_velocity', w.* from in_window w where w.hour_n > w.risk_velocity
  )`;
}

const flaggedRow = z.object({
  kind: z.enum(['std_dev', 'high_ticket', 'high_velocity']),
  id: z.string(),
  client_id: z.string(),
  merchant: z.string(),
  amount_cents: z.string(),
  created_at: z.string(),
  mean_cents: z.string().nullable(),
  high_ticket_cents: z.string().nullable(),
  hour_n: z.string(),
  risk_velocity: z.number().nullable(),
  has_notes: z.boolean(),
});
export type FlaggedPayment = z.infer<typeof flaggedRow>;

// The three monitoring lists in one pass, newest first, with whether each payment has a risk note.
export async function listFlaggedPayments(
  executor: Executor,
  window: RiskWindow,
  clientFilter: SQL | null = null,
): Promise<FlaggedPayment[]> {
  const rows = await queryRows(
    executor,
    sql`
      select f.kind, f.id::text as id, f.client_id::text as client_id,
        coalesce(c.dba_name, c.name) as merchant, f.amount_cents::text as amount_cents,
        ${isoUtc(sql`f.created_at`)} as created_at, round(f.prior_mean)::bigint::text as mean_cents,
        f.high_ticket_cents::text as high_ticket_cents, f.hour_n::text as hour_n, f.risk_velocity::int as risk_velocity,
        exists (select 1 from transaction_notes n where n.transaction_id = f.id) as has_notes
      from ${flaggedPaymentsQuery(window, clientFilter)} f
      join clients c on c.id = f.client_id
      order by f.created_at desc, f.id desc, f.kind
    `,
  );
  return rows.map((row) => flaggedRow.parse(row));
}

const paymentStatsRow = z.object({
  prior_n: z.string(),
  prior_mean: z.string().nullable(),
  prior_variance: z.string().nullable(),
  hour_n: z.string(),
  high_ticket_cents: z.string().nullable(),
  risk_velocity: z.number().nullable(),
});
export type PaymentRiskFigures = z.infer<typeof paymentStatsRow>;

// The instants a payment's figures are read between: its own (at), the start of its trailing days
// and of its trailing hour, and where the buckets of payment_risk_buckets take over from rows after
// each start (the next UTC minute, hour and day). As UTC ISO text, for constants or a prepared
// statement's values.
const riskBoundNames = [
  'at',
  'trailingStart',
  'trailingMinute',
  'trailingHour',
  'trailingDay',
  'hourStart',
  'hourMinute',
] as const;
type RiskBoundName = (typeof riskBoundNames)[number];
export type RiskBounds = Record<RiskBoundName, SQL>;

const ceilTo = (ms: number, step: number) => new Date(Math.ceil(ms / step) * step).toISOString();

export function riskBoundsOf(at: Date): Record<RiskBoundName, string> {
  const atMs = at.getTime();
  const trailingMs = atMs - stdDevTrailingDays * 86_400_000;
  const hourMs = atMs - velocityWindowMinutes * 60_000;
  return {
    at: at.toISOString(),
    trailingStart: new Date(trailingMs).toISOString(),
    trailingMinute: ceilTo(trailingMs, 60_000),
    trailingHour: ceilTo(trailingMs, 3_600_000),
    trailingDay: ceilTo(trailingMs, 86_400_000),
    hourStart: new Date(hourMs).toISOString(),
    hourMinute: ceilTo(hourMs, 60_000),
  };
}

// The bounds as SQL: each bound's text made a timestamptz by `of`.
export function riskBoundsSql(of: (name: RiskBoundName) => SQL): RiskBounds {
  return Object.fromEntries(
    riskBoundNames.map((name) => [name, sql`${of(name)}::timestamptz`]),
  ) as RiskBounds;
}

// The figures of a payment of the merchant clientId at bounds.at, as one row of text columns (parsed
// by parseRiskFigures): sums over the merchant's payments of the trailing days, with its trailing
// hour's count, and its risk settings. The sums are exactly those of the rows, read by the function
// payment_risk_sums (migration 0019) from payment_risk_buckets and the rows of two partial minutes,
// in a few dozen rows whatever the merchant's volume. isRecorded: the payment is already among the
// transactions (its figures are taken out again); else it is about to be written at bounds.at.
export function paymentRiskFiguresSql(
  clientId: SQL,
  bounds: RiskBounds,
  payment: { amountCents: number; isRecorded: boolean },
): SQL {
  // The payment's own part of the sums: taken out when recorded, added to the hour's count when not.
  const own = payment.isRecorded ? 1 : 0;
  const amount = sql`${payment.amountCents * own}::numeric`;
  const n = sql`(s.n - ${own}::int)`;
  return sql`
    select ${n}::text as prior_n,
      ((s.total - ${amount}) / nullif(${n}, 0))::text as prior_mean,
      ((s.squares - ${amount} * ${amount}) / nullif(${n}, 0)
        - ((s.total - ${amount}) / nullif(${n}, 0)) ^ 2)::text as prior_variance,
      (s.hour_n + ${1 - own}::int)::text as hour_n, cc.high_ticket_cents::text as high_ticket_cents,
      cc.risk_velocity::int as risk_velocity
    from payment_risk_sums(${clientId}, ${sql.join(
      riskBoundNames.map((name) => bounds[name]),
      sql`, `,
    )}) s
    left join client_configs cc on cc.client_id = ${clientId}`;
}

export function parseRiskFigures(row: unknown): PaymentRiskFigures {
  return paymentStatsRow.parse(row);
}

// The figures the rules need for one recorded payment (or one about to be written at createdAt when
// isRecorded is false), as the lists compute them.
export async function findPaymentRiskFigures(
  executor: Executor,
  payment: { clientId: string; amountCents: number; createdAt: Date },
  isRecorded = true,
): Promise<PaymentRiskFigures> {
  // Bounds as constants, not at - interval (a stable expression): the planner then prunes the
  // monthly partitions itself instead of planning every one of them.
  const bounds = riskBoundsOf(payment.createdAt);
  const rows = await queryRows(
    executor,
    paymentRiskFiguresSql(
      sql`${payment.clientId}`,
      riskBoundsSql((name) => sql`${bounds[name]}`),
      { amountCents: payment.amountCents, isRecorded },
    ),
  );
  return parseRiskFigures(rows[0]);
}

// ---- Transactions and notes ----------------------------------------------------------------------

// A transaction by id; the partition key comes back so notes can reach the right partition.
export async function findTransactionOwner(executor: Executor, transactionId: string) {
  const rows = await queryRows(
    executor,
    sql`select client_id::text as client_id, ${isoUtc(sql`created_at`)} as created_at
      from transactions where id = ${transactionId} limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  const parsed = z.object({ client_id: z.string(), created_at: z.string() }).parse(row);
  return { clientId: parsed.client_id, createdAt: new Date(parsed.created_at) };
}

export async function listNotesOfTransaction(executor: Executor, transactionId: string) {
  const notes = await executor
    .select({
      id: transactionNotes.id,
      content: transactionNotes.content,
      createdAt: transactionNotes.createdAt,
      authorName: users.name,
      authorEmail: users.email,
    })
    .from(transactionNotes)
    .leftJoin(users, eq(users.id, transactionNotes.createdByUserId))
    .where(eq(transactionNotes.transactionId, transactionId))
    .orderBy(desc(transactionNotes.createdAt), desc(transactionNotes.id));
  const attachments = await executor
    .select({
      id: transactionNoteAttachments.id,
      noteId: transactionNoteAttachments.noteId,
      fileName: transactionNoteAttachments.fileName,
    })
    .from(transactionNoteAttachments)
    .innerJoin(transactionNotes, eq(transactionNotes.id, transactionNoteAttachments.noteId))
    .where(eq(transactionNotes.transactionId, transactionId));
  return notes.map((note) => ({
    ...note,
    attachments: attachments.filter((attachment) => attachment.noteId === note.id),
  }));
}

export type NewNoteAttachment = {
  fileName: string;
  extension: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
  sha256: string;
  content: Buffer;
};

// Note, attachment and its content are written together: pass the transaction.
export async function insertTransactionNote(
  executor: Executor,
  note: {
    transactionId: string;
    transactionCreatedAt: Date;
    clientId: string;
    content: string;
    createdByUserId: string;
  },
  attachment: NewNoteAttachment | null,
): Promise<string> {
  const [row] = await executor.insert(transactionNotes).values(note).returning({ id: transactionNotes.id });
  if (!row) throw new Error('note insert returned nothing');
  if (attachment) {
    const { content, ...metadata } = attachment;
    await executor.insert(fileBlobs).values({ storageKey: attachment.storageKey, content });
    await executor.insert(transactionNoteAttachments).values({ noteId: row.id, ...metadata });
  }
  return row.id;
}

export async function findAttachment(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      fileName: transactionNoteAttachments.fileName,
      mimeType: transactionNoteAttachments.mimeType,
      content: fileBlobs.content,
      clientId: transactionNotes.clientId,
    })
    .from(transactionNoteAttachments)
    .innerJoin(transactionNotes, eq(transactionNotes.id, transactionNoteAttachments.noteId))
    .innerJoin(fileBlobs, eq(fileBlobs.storageKey, transactionNoteAttachments.storageKey))
    .where(eq(transactionNoteAttachments.id, id));
  return row ?? null;
}

// ---- Merchant Control ----------------------------------------------------------------------------

const displayName = sql<string>`coalesce(${clients.dbaName}, ${clients.name})`;

export async function listMerchantNames(executor: Executor) {
  return executor
    .select({ id: clients.id, name: displayName })
    .from(clients)
    .where(eq(clients.level, 'Merchant'))
    .orderBy(displayName, clients.id);
}

export async function findMerchant(executor: Executor, id: string, { lock }: { lock: boolean }) {
  const query = executor
    .select({ id: clients.id, isActive: clients.isActive, name: displayName })
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.level, 'Merchant')));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setMerchantActive(
  executor: Executor,
  input: { clientId: string; isActive: boolean; userId: string },
) {
  await executor.update(clients).set({ isActive: input.isActive }).where(eq(clients.id, input.clientId));
  await executor.insert(merchantStatusHistory).values({
    clientId: input.clientId,
    status: input.isActive ? 'Active' : 'Frozen',
    changedByUserId: input.userId,
  });
}

// The merchant's owners: its users whose role there is named Owner, who may still sign in.
export const ownerRoleName = 'Owner';

export async function listOwnerAddresses(executor: Executor, clientId: string): Promise<string[]> {
  const rows = await executor
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.clientId, clientId), eq(roles.name, ownerRoleName), eq(users.isDisabled, false)),
    );
  return rows.map((row) => row.email);
}

export const maxHistoryRows = 1000;

export async function listMerchantStatusHistory(executor: Executor) {
  return executor
    .select({
      merchantId: merchantStatusHistory.clientId,
      merchantName: displayName,
      status: merchantStatusHistory.status,
      changedByName: users.name,
      changedByEmail: users.email,
      createdAt: merchantStatusHistory.createdAt,
    })
    .from(merchantStatusHistory)
    .innerJoin(clients, eq(clients.id, merchantStatusHistory.clientId))
    .leftJoin(users, eq(users.id, merchantStatusHistory.changedByUserId))
    .orderBy(desc(merchantStatusHistory.createdAt), desc(merchantStatusHistory.id))
    .limit(maxHistoryRows);
}

// --- the Disputes tab --------------------------------------------------------------------------

// Per merchant of the scope, the disputes opened and the approved card sales made in [from, to), and
// its risk notes: the merchants with at least one of the two. Sales are the kinds a dispute can be
// opened on (disputes.service simulateDispute), counted on the month's partitions of transactions
// through transactions_client_created_idx.
export async function listDisputeRatioCounts(
  executor: Executor,
  scope: readonly string[] | 'all',
  from: Date,
  to: Date,
) {
  if (scope !== 'all' && scope.length === 0) return [];
  const ids =
    scope === 'all'
      ? null
      : sql`array[${sql.join(
          scope.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`;
  const inScope = (column: SQL) => (ids === null ? sql`true` : sql`${column} = any(${ids})`);
  const rows = await queryRows(
    executor,
    sql`with opened as (
        select d.client_id, count(*)::int as n from disputes d
        where d.opened_at >= ${from.toISOString()}::timestamptz and d.opened_at < ${to.toISOString()}::timestamptz
          and ${inScope(sql`d.client_id`)}
        group by d.client_id
      ), sold as (
        select t.client_id, count(*)::int as n from transactions t
        where t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
          and t.payment_method = 'card' and t.payment_status
          and t.action_mode in ('charge', 'settle', 'debit', 'apple_pay')
          and ${inScope(sql`t.client_id`)}
        group by t.client_id
      ), merchants as (
        select client_id from opened union select client_id from sold
      )
      select c.id, coalesce(c.dba_name, c.name) as name,
        coalesce(o.n, 0) as disputes, coalesce(s.n, 0) as sales,
        (select count(*)::int from notes n where n.client_id = c.id and n.category = 'risk') as notes
      from merchants m
      join clients c on c.id = m.client_id
      left join opened o on o.client_id = m.client_id
      left join sold s on s.client_id = m.client_id`,
  );
  return rows.map((row) => ({
    clientId: String(row.id),
    name: String(row.name),
    disputes: Number(row.disputes),
    sales: Number(row.sales),
    notes: Number(row.notes),
  }));
}

export async function findDisputeRatioThreshold(executor: Executor): Promise<number | null> {
  const [row] = await executor
    .select({ threshold: riskSettings.disputeRatioThresholdHundredths })
    .from(riskSettings)
    .where(eq(riskSettings.id, true));
  return row?.threshold ?? null;
}

// The one settings row, written or replaced; answers the threshold it held before (null: the default).
export async function saveDisputeRatioThreshold(
  executor: Executor,
  thresholdHundredths: number,
  userId: string,
): Promise<number | null> {
  const [before] = await executor
    .select({ threshold: riskSettings.disputeRatioThresholdHundredths })
    .from(riskSettings)
    .where(eq(riskSettings.id, true))
    .for('update');
  await executor
    .insert(riskSettings)
    .values({ id: true, disputeRatioThresholdHundredths: thresholdHundredths, updatedByUserId: userId })
    .onConflictDoUpdate({
      target: riskSettings.id,
      set: {
        disputeRatioThresholdHundredths: thresholdHundredths,
        updatedByUserId: userId,
        updatedAt: sql`now()`,
      },
    });
  return before?.threshold ?? null;
}
