import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle, Executor } from '../client';
import { queryRows, type SqlRow } from '../sql-rows';
import { demoAccounts } from './demo-accounts';
import { merchantSpecs, primaryClient } from './demo-catalog';
import type { EncryptFn } from './seed-context';
import { type SeedOptions, seedDemoData } from './seed-demo-data';

// A reversible stand-in for the AES helper: the tests can see which column sealed what.
const fakeEncrypt: EncryptFn = (plaintext, column) =>
  `test.${column}.${Buffer.from(plaintext).toString('base64')}`;

const options: SeedOptions = {
  transactions: 3_000,
  anchorDate: new Date('2025-06-15T08:30:00Z'),
  providerDomain: 'portico.example',
  partnerDomains: ['healnow.example', 'healnow-partners.example'],
  encrypt: fakeEncrypt,
};
const silent = { info: () => {} };

// Tables the seed must leave empty: it never creates a credential or key material of any kind.
const credentialTables = [
  'sessions',
  'login_tokens',
  'identities',
  'idempotency_keys',
  'key_ceremonies',
  'key_components',
  'key_injections',
  // A customer's one-time cancel link is issued with a receipt e-mail, never seeded.
  'subscription_cancel_tokens',
  // The demo accounts' authenticator apps are seeded (their keys by the published demo rule); recovery
  // codes are made by their owners.
  'recovery_codes',
  // Passkeys are registered by their owners' devices; a ceremony's challenge lives five minutes.
  'user_passkeys',
  'passkey_challenges',
];
// What a running server records of itself or its users make there: the job runner's runs, the
// shared rate-limit counters, webhook deliveries, exports and scheduled reports.
// Webhook endpoints are a merchant's own systems, added by the merchant: none is seeded, so nothing
// is delivered either (the events the seeded postings wrote wait for no endpoint).
const runtimeTables = [
  'job_runs',
  'rate_limit_counters',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
  'exports',
  'report_schedules',
];
// The money calls this server made and the sandbox processor's books of them (lib/money-attempt.ts):
// the seeded history predates both, as a migrated ledger would. Pax device orders are such calls too.
const moneyCallTables = ['payment_attempts', 'sandbox_processor_ledger', 'pax_orders'];
// Where the sandbox processor's dispute scan has reached: set by its first poll, never seeded.
const sandboxScanTables = ['sandbox_processor_cursor'];
// Settings staff change: none is seeded, so the default (Risk's 0.90% dispute ratio) applies.
const settingsTables = ['risk_settings'];

let database: DatabaseHandle;
const rows = (query: SQL, db: Executor = database.db) => queryRows(db, query);

async function tableCounts(db: Executor): Promise<Record<string, number>> {
  const tables = await rows(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    db,
  );
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const name = String(table.name);
    const [row] = await rows(sql`select count(*)::int as n from ${sql.identifier(name)}`, db);
    counts[name] = Number(row?.n);
  }
  return counts;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const result = await seedDemoData(database, options, silent);
  expect(result.seeded).toBe(true);
});
afterAll(() => database.close());

describe('seedDemoData', () => {
  it('fills every table except the credential, money-call and runtime tables', async () => {
    const counts = await tableCounts(database.db);
    const empty = Object.entries(counts)
      .filter(([, n]) => n === 0)
      .map(([name]) => name);
    expect(empty.sort()).toEqual(
      [
        ...credentialTables,
        ...moneyCallTables,
        ...runtimeTables,
        ...sandboxScanTables,
        ...settingsTables,
      ].sort(),
    );
  });

  it('changes nothing when run again', async () => {
    const before = await tableCounts(database.db);
    const again = await seedDemoData(database, { ...options, transactions: 10 }, silent);
    expect(again).toEqual({ seeded: false, reason: 'already-seeded' });
    expect(await tableCounts(database.db)).toEqual(before);
  });

  it('records the anchor day and the size in seed_state', async () => {
    const [state] = await rows(
      sql`select anchor_date::text as day, transactions from seed_state where name = 'demo'`,
    );
    expect(state).toEqual({ day: '2025-06-15', transactions: 3_000 });
  });

  it('creates every demo account with its role, flags and memberships', async () => {
    for (const account of demoAccounts(options)) {
      const [user] = await rows(sql`
        select u.user_type::text as role, u.is_processor_audit_user as audit, u.is_demo_user as demo,
          (select count(*)::int from memberships m where m.user_id = u.id) as memberships
        from users u where u.email = ${account.email}`);
      expect(user, account.email).toEqual({
        role: account.role,
        audit: account.isProcessorAuditUser,
        demo: account.isDemoUser,
        memberships: account.memberships.length,
      });
    }
  });

  it('has three parents under the provider and 40+ merchants, with the special cases', async () => {
    const [shape] = await rows(sql`
      select count(*) filter (where level = 'Parent' and parent_id = ${primaryClient.id})::int as resellers,
        count(*) filter (where level = 'Merchant')::int as merchants,
        count(*) filter (where is_in_certification)::int as certification,
        count(*) filter (where is_enrolled_as_crypto_only)::int as crypto_only,
        count(*) filter (where not is_active)::int as frozen
      from clients`);
    expect(shape).toEqual({
      resellers: 3,
      merchants: merchantSpecs.length,
      certification: 1,
      crypto_only: 1,
      frozen: 1,
    });
    expect(merchantSpecs.length).toBeGreaterThanOrEqual(40);
    const [rbac] = await rows(sql`
      select count(*) filter (where (customizations ->> 'rbac_enabled')::boolean)::int as enabled,
        count(*) filter (where not (customizations ->> 'rbac_enabled')::boolean)::int as disabled
      from client_configs c join memberships m on m.client_id = c.client_id where m.role_id is not null`);
    expect(Number(rbac?.enabled)).toBeGreaterThan(0);
    expect(Number(rbac?.disabled)).toBeGreaterThan(0);
  });

  it('has enrollments in every status', async () => {
    const statuses = await rows(sql`
      select distinct coalesce(status::text, 'New') as status, coalesce(application_status::text, 'new') as app
      from enrollments`);
    const stages = new Set(statuses.map((s) => s.status));
    const decisions = new Set(statuses.map((s) => s.app));
    for (const stage of [
      'New',
      'cta_sent',
      'cta_signed',
      'in_development',
      'onboarding',
      'Active',
      'Inactive',
    ]) {
      expect(stages, stage).toContain(stage);
    }
    for (const decision of ['new', 'SEND LINK', 'PENDING', 'BOARDED', 'REJECTED']) {
      expect(decisions, decision).toContain(decision);
    }
  });

  it('stores sensitive fields only through the encryption function, masked by last four', async () => {
    const principals = await rows(sql`select ssn_enc, ssn_last4 from enrollment_principals`);
    expect(principals.length).toBeGreaterThan(0);
    for (const p of principals) {
      expect(String(p.ssn_enc)).toMatch(/^test\.enrollment_principals\.ssn_enc\./);
      const ssn = Buffer.from(String(p.ssn_enc).split('.').pop() ?? '', 'base64').toString();
      expect(ssn).toMatch(/^9\d{2}-\d{2}-\d{4}$/);
      expect(p.ssn_last4).toBe(ssn.slice(-4));
    }
    const [bank] = await rows(sql`
      select count(*) filter (where account_number_enc not like 'test.client_bank_accounts.account_number_enc.%')::int
        as plaintext from client_bank_accounts`);
    expect(bank?.plaintext).toBe(0);
  });

  it('never stores a card number: tokens are ISSUER-last4-mm-yyyy', async () => {
    const tokens = await rows(sql`select distinct token from vault_payment_methods where issuer <> 'BANK'`);
    for (const t of tokens) expect(String(t.token)).toMatch(/^(VISA|MC|AMEX|DISC)-\d{4}-\d{2}-\d{4}$/);
    const [long] = await rows(sql`select count(*)::int as n from transactions where token ~ '\\d{12,}'`);
    expect(long?.n).toBe(0);
  });
});

describe('seeded transactions', () => {
  it('cover every type and action mode, with failures and returned ACH items', async () => {
    const types = await rows(sql`select distinct type::text as v from transactions`);
    const modes = await rows(
      sql`select distinct action_mode::text as v from transactions where action_mode is not null`,
    );
    expect(types.map((r) => r.v).sort()).toEqual(
      [
        'ach',
        'ach_refund',
        'authorize',
        'batch',
        'blind_refund',
        'card',
        'cash',
        'cc',
        'charge',
        'credit',
        'debit',
      ]
        .concat(['refund', 'reversal', 'terminal', 'terminal_charge', 'void'])
        .sort(),
    );
    expect(modes.length).toBe(11);
    const [flags] = await rows(sql`
      select count(*) filter (where payment_status is false)::int as failed,
        count(*) filter (where status = 'Declined')::int as declined,
        count(*) filter (where pro_pay_status = 'ACHInReturned')::int as returned,
        count(*) filter (where pro_pay_status = 'ACHInRejected')::int as rejected,
        count(*) filter (where surcharge_cents > 0)::int as surcharged
      from transactions`);
    for (const [name, n] of Object.entries(flags ?? {})) expect(Number(n), name).toBeGreaterThan(0);
  });

  it('span 13 months before the anchor day and none after it', async () => {
    const [span] = await rows(sql`
      select min(created_at) >= '2024-05-01'::timestamptz as starts_in_window,
        max(created_at) < '2025-06-15T00:00:00Z'::timestamptz as ends_before_anchor,
        count(distinct date_trunc('month', created_at at time zone 'UTC'))::int as months
      from transactions`);
    expect(span).toEqual({ starts_in_window: true, ends_before_anchor: true, months: 14 });
  });

  it('never refund more than the original, always later and on the same merchant', async () => {
    const [check] = await rows(sql`
      select count(*)::int as linked,
        count(*) filter (where f.total > o.amount_cents)::int as over_refunded,
        count(*) filter (where f.first_at < o.created_at)::int as before_original,
        count(*) filter (where f.client_ids > 1 or f.client_id <> o.client_id)::int as other_merchant
      from (
        select original_transaction_id, sum(amount_cents) as total, min(created_at) as first_at,
          count(distinct client_id) as client_ids, min(client_id::text)::uuid as client_id
        from transactions where original_transaction_id is not null group by original_transaction_id
      ) f join transactions o on o.id = f.original_transaction_id`);
    expect(Number(check?.linked)).toBeGreaterThan(50);
    expect(check).toMatchObject({ over_refunded: 0, before_original: 0, other_merchant: 0 });
  });

  it('link follow-ups only to approved originals that are not refunds themselves', async () => {
    const [bad] = await rows(sql`
      select count(*)::int as n from transactions f join transactions o on o.id = f.original_transaction_id
      where o.payment_status is not true or o.type in ('void', 'refund', 'ach_refund', 'credit', 'blind_refund', 'reversal')`);
    expect(bad?.n).toBe(0);
  });

  it('flag exactly the originals some follow-up names, as the database flags them', async () => {
    const [flags] = await rows(sql`
      select count(*) filter (where o.has_follow_ups)::int as flagged,
        count(*) filter (where o.has_follow_ups <> exists (
          select 1 from transactions f where f.original_transaction_id = o.id))::int as wrong
      from transactions o`);
    expect(flags?.flagged).toBeGreaterThan(50);
    expect(flags?.wrong).toBe(0);
  });
});

describe('derived ledgers', () => {
  it('balance: gross (refunds off) minus fees, adjustments and chargebacks is the net paid out, to the cent', async () => {
    // Adjustments and chargebacks are stored signed (negative), refunds inside gross.
    const [settlement] = await rows(sql`
      select count(*) filter (where net_cents <> gross_cents - fee_cents + adjustments_cents + chargebacks_cents)::int
          as unbalanced,
        count(*) filter (where chargebacks_cents <> 0 or adjustments_cents <> 0)::int as with_deductions,
        sum(net_cents)::text as net from settlements`);
    const [payout] = await rows(sql`select sum(amount_cents)::text as paid from payouts`);
    // Per payout: the amount is its settlement group's net, and its items add up to it.
    const [perPayout] = await rows(sql`
      select count(*) filter (where p.amount_cents <> s.net_cents or p.amount_cents <> coalesce(i.net, 0))::int as off
      from payouts p join settlements s on s.id = p.settlement_id
      left join (select payout_id, sum(net_amount_cents) as net from payout_items group by 1) i on i.payout_id = p.id`);
    // A statement's net is its gross (chargebacks and adjustments in it) less the processing fees: the
    // flat and monthly fees among its total fees are billed apart.
    const [statement] = await rows(sql`
      select count(*) filter (where s.net_cents <> s.total_amount_cents - (s.total_fees_cents - coalesce(l.flat, 0)))::int
          as unbalanced
      from statements s
      left join (select statement_id, sum(flat_fee_cents) as flat from statement_lines group by 1) l
        on l.statement_id = s.id`);
    expect(Number(settlement?.with_deductions)).toBeGreaterThan(0);
    expect(perPayout?.off).toBe(0);
    expect(statement?.unbalanced).toBe(0);
    const [items] = await rows(sql`
      select count(*)::int as n, (select count(*)::int from transactions where settlement_date is not null) as settled
      from payout_items`);
    expect(settlement?.unbalanced).toBe(0);
    expect(payout?.paid).toBe(settlement?.net);
    expect(items?.n).toBe(items?.settled);
  });

  it('agree with the transactions: settled amounts sum to the settlements', async () => {
    const [sums] = await rows(sql`
      select (select sum(settlement_amount_cents) from transactions)::text as from_transactions,
        (select sum(net_cents) from settlements)::text as from_settlements`);
    expect(sums?.from_transactions).toBe(sums?.from_settlements);
  });

  it('make statements whose lines add up, for months before the anchor month only', async () => {
    const [check] = await rows(sql`
      select count(*)::int as statements,
        count(*) filter (where s.net_cents <> l.net)::int as unbalanced,
        count(*) filter (where s.month >= '2025-06-01')::int as current_month
      from statements s join (select statement_id, sum(net_cents) as net from statement_lines group by 1) l
        on l.statement_id = s.id`);
    expect(Number(check?.statements)).toBeGreaterThan(100);
    expect(check).toMatchObject({ unbalanced: 0, current_month: 0 });
    const [fees] = await rows(sql`select count(distinct statement_id)::int as n from processor_fees`);
    expect(Number(fees?.n)).toBeGreaterThan(100);
  });

  it('bill monthly per enabled merchant, including months without transactions', async () => {
    const [billing] = await rows(sql`
      select count(distinct client_id)::int as merchants, count(*) filter (where transaction_count = 0)::int as idle
      from monthly_billing`);
    const [enabled] = await rows(
      sql`select count(*)::int as n from clients where is_monthly_billing_enabled`,
    );
    expect(billing?.merchants).toBe(enabled?.n);
    expect(Number(billing?.idle)).toBeGreaterThan(0);
  });

  it('never bill a fee the statement of that month took: bills only ask for months without one', async () => {
    const [bills] = await rows(sql`
      select count(*)::int as n,
        count(*) filter (where b.monthly_billing_id is null)::int as without_month,
        count(*) filter (where exists (select 1 from statements s join monthly_billing m on m.id = b.monthly_billing_id
          where s.client_id = b.client_id and s.month = m.month))::int as twice
      from billing_line_items b`);
    expect(Number(bills?.n)).toBeGreaterThan(0);
    expect(bills).toMatchObject({ without_month: 0, twice: 0 });
  });

  it('charges subscriptions on schedule and links each charge to its transaction', async () => {
    const [charges] = await rows(sql`
      select count(*) filter (where c.status in ('succeeded', 'failed'))::int as made,
        count(*) filter (where c.status in ('succeeded', 'failed') and t.id is null)::int as unlinked,
        count(*) filter (where c.status = 'failed')::int as failed
      from subscription_charges c left join transactions t on t.id = c.transaction_id`);
    expect(Number(charges?.made)).toBeGreaterThan(50);
    expect(charges?.unlinked).toBe(0);
    expect(Number(charges?.failed)).toBeGreaterThan(0);
  });
});

describe('determinism', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    first = await openTestDatabase();
    second = await openTestDatabase();
    await seedDemoData(first, { ...options, transactions: 1_000 }, silent);
    await seedDemoData(second, { ...options, transactions: 1_000 }, silent);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const fingerprint = async (db: Executor): Promise<SqlRow[]> =>
    rows(
      sql`
      select (select count(*)::int from transactions) as n,
        (select sum(amount_cents)::text from transactions) as amount,
        (select sum(fee_cents)::text from transactions) as fees,
        (select md5(string_agg(id::text || amount_cents || created_at::text || type, ',' order by id)) from transactions)
          as transactions,
        (select md5(string_agg(id::text || api_key || name, ',' order by id)) from clients) as clients,
        (select md5(string_agg(id::text || email, ',' order by id)) from users) as users,
        -- Statements are posted by the monthly job's rules, whose ids are drawn at random: compare what they say.
        (select md5(string_agg(client_id::text || month || net_cents || total_fees_cents, ',' order by client_id, month))
          from statements) as statements`,
      db,
    );

  it('gives identical data for the same anchor day', async () => {
    const a = await fingerprint(first.db);
    expect(a[0]?.n).toBeGreaterThan(1_000);
    expect(await fingerprint(second.db)).toEqual(a);
  });
});

describe('seeded disputes', () => {
  it('reach every state at two Summit merchants, Harbor Lane Coffee among them', async () => {
    const found = await rows(sql`
      select d.status::text as status, c.name as merchant from disputes d join clients c on c.id = d.client_id`);
    expect(new Set(found.map((r) => r.status))).toEqual(
      new Set(['inquiry', 'needs_response', 'under_review', 'won', 'lost', 'accepted', 'expired']),
    );
    expect(new Set(found.map((r) => r.merchant))).toEqual(
      new Set(['Harbor Lane Coffee Roasters', 'Copper Kettle Bistro']),
    );
  });

  it('book each chargeback as a settled reversal of the sale with the fee, and a win as its credit', async () => {
    const [money] = await rows(sql`
      select
        count(*) filter (where d.status <> 'inquiry' and cb.id is null)::int as missing_chargeback,
        count(*) filter (where cb.id is not null and (cb.action_mode::text <> 'reversal'
          or cb.original_transaction_id <> d.transaction_id or cb.amount_cents <> d.amount_cents
          or cb.settlement_date is null))::int as wrong_chargeback,
        count(*) filter (where d.status = 'won' and (cr.id is null or cr.amount_cents <> -d.amount_cents))::int
          as wrong_credit,
        count(*) filter (where d.status <> 'won' and d.credit_transaction_id is not null)::int as stray_credit
      from disputes d
      left join transactions cb on cb.id = d.chargeback_transaction_id
      left join transactions cr on cr.id = d.credit_transaction_id`);
    expect(money).toEqual({ missing_chargeback: 0, wrong_chargeback: 0, wrong_credit: 0, stray_credit: 0 });
  });

  it('leave a dispute needing a response before its respond-by date, with a timeline', async () => {
    const [open] = await rows(sql`
      select count(*)::int as n from disputes d
      where d.status = 'needs_response' and d.respond_by > ${options.anchorDate?.toISOString()}::timestamptz
        and exists (select 1 from dispute_events e where e.dispute_id = d.id and e.kind = 'chargeback_opened')`);
    expect(Number(open?.n)).toBeGreaterThanOrEqual(2);
  });
});
