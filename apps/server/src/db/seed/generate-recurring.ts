import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { insertTransactionsWithEffects, uuidFromHex, uuidSql } from './transaction-effects';

// Transactions beyond the main series, still set-based: card-testing bursts for the velocity alerts,
// large orders for the high-ticket alerts, and the charges of each subscription up to the anchor day.

type Input = { key: string; anchorStart: Date };

const burstSize = 120;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

// 120 small card attempts within 50 minutes, most declined: the pattern the High Velocity tab shows.
export async function generateVelocityBursts(tx: Executor, input: Input): Promise<void> {
  const anchor = `${literal(input.anchorStart.toISOString())}::timestamptz`;
  await insertTransactionsWithEffects(tx, {
    ctes: `
    burst as (
      select p.*, i, md5(${literal(input.key)} || ':burst:' || p.idx || ':' || i) as h
      from seed_profiles p cross join generate_series(1, ${burstSize}) as i
      where p.burst_day_back is not null
    ),
    attempt as (
      select b.*, 100 + ('x' || substr(h, 1, 7))::bit(28)::int % 400 as amount,
        ('x' || substr(h, 8, 7))::bit(28)::int % 10 >= 7 as approved,
        lpad((('x' || substr(h, 15, 7))::bit(28)::int % 10000)::text, 4, '0') as last4,
        'buyer' || (('x' || substr(h, 22, 7))::bit(28)::int % 50) || '@example.net' as email,
        ${anchor} - make_interval(days => b.burst_day_back) + interval '14 hours' + make_interval(secs => b.i * 25) as at
      from burst b
    ),
    priced as (
      select a.*, case when a.approved then (a.amount * a.card_bps + 5000) / 10000 + a.card_item_cents
        else a.card_item_cents end as fee
      from attempt a
    )`,
    columns: `(id, client_id, type, action, action_mode, amount_cents, fee_cents, payment_status, request_status,
      status, card_brand, card_type, processor, payment_method, last4, token, customer_email, settlement_amount_cents,
      settlement_date, api_response, third_party_api_response, meta, created_at)`,
    select: `
    select ${uuidSql('h')}, client_id, 'charge', 'sale', 'charge', amount, fee, approved, true,
      case when approved then 'Approved' else 'Declined' end, 'VISA', 'prepaid', card_processor, 'card', last4,
      'VISA-' || last4 || '-01-' || (extract(year from at)::int + 2), email,
      case when approved then amount - fee end,
      case when approved then (at at time zone 'America/New_York')::date + 1 end,
      jsonb_build_object('token', 'VISA-' || last4 || '-01-' || (extract(year from at)::int + 2)),
      jsonb_build_object('AUTH_MASKED_ACCOUNT_NBR', 'XXXXXXXXXXXX' || last4,
        'AUTH_RESP', case when approved then '00' else '05' end),
      jsonb_build_object('email', email, 'customFields', '{}'::jsonb),
      at
    from priced`,
  });
}

// One approved card sale at 1.2 to 1.8 times the merchant's high-ticket limit, in whole dollars, from
// its first vault customer when it has one: the order the Over High Ticket tab asks staff to review.
export async function generateLargeOrders(tx: Executor, input: Input): Promise<void> {
  const anchor = `${literal(input.anchorStart.toISOString())}::timestamptz`;
  await insertTransactionsWithEffects(tx, {
    ctes: `
    ordered as (
      select p.*, c.id as customer_id, c.first_name, c.last_name, c.email, c.token, c.last4 as vault_last4,
        c.issuer, md5(${literal(input.key)} || ':large-order:' || p.idx) as h
      from seed_profiles p
      cross join lateral (
        select * from seed_customers c where c.idx = p.idx order by c.k < 0, c.k limit 1
      ) c
      where p.large_order_day_back is not null
    ),
    priced as (
      select o.*, o.high_ticket_cents * (120 + ('x' || substr(h, 1, 7))::bit(28)::int % 60) / 10000 * 100 as amount,
        coalesce(o.vault_last4, lpad((('x' || substr(h, 8, 7))::bit(28)::int % 10000)::text, 4, '0')) as last4,
        coalesce(o.issuer, 'VISA') as brand,
        ${anchor} - make_interval(days => o.large_order_day_back) + interval '15 hours'
          + make_interval(secs => ('x' || substr(h, 15, 7))::bit(28)::int % 28800) as at
      from ordered o
    ),
    sale as (
      select p.*, (p.amount * p.card_bps + 5000) / 10000 + p.card_item_cents as fee,
        (p.amount * p.surcharge_bps + 5000) / 10000 as surcharge,
        coalesce(p.token, p.brand || '-' || p.last4 || '-06-' || (extract(year from p.at)::int + 3)) as card_token,
        coalesce(p.first_name, 'Jordan') as first, coalesce(p.last_name, 'Avery') as last,
        coalesce(p.email, 'jordan.avery@example.net') as buyer_email
      from priced p
    )`,
    columns: `(id, client_id, customer_id, type, action, action_mode, amount_cents, fee_cents, surcharge_cents,
      payment_status, request_status, status, card_brand, card_type, processor, payment_method, last4, token,
      customer_first_name, customer_last_name, customer_email, settlement_amount_cents, settlement_date, api_response,
      third_party_api_response, meta, created_at)`,
    select: `
    select ${uuidSql('h')}, client_id, customer_id, 'charge', 'sale', 'charge', amount, fee, surcharge, true, true,
      'Approved', brand, 'credit', card_processor, 'card', last4, card_token, first, last, buyer_email, amount - fee,
      (at at time zone 'America/New_York')::date + 1,
      jsonb_build_object('token', card_token),
      jsonb_build_object('AUTH_MASKED_ACCOUNT_NBR', 'XXXXXXXXXXXX' || last4, 'AUTH_RESP', '00'),
      jsonb_build_object('firstName', first, 'lastName', last, 'email', buyer_email, 'customFields', '{}'::jsonb),
      at
    from sale`,
  });
}

const step = `(case s.interval when 'daily' then interval '1 day' when 'weekly' then interval '1 week'
  when 'monthly' then interval '1 month' else interval '1 year' end)`;

// Every charge a subscription was due before the anchor day, as a transaction and a
// subscription_charges row. A series ended for failed payments has its last three charges declined.
export async function generateSubscriptionCharges(tx: Executor, input: Input): Promise<void> {
  const anchorDay = sql`${input.anchorStart.toISOString().slice(0, 10)}::date`;
  await tx.execute(sql`
    create temp table seed_subscription_due on commit drop as
    with due as (
      select s.id as subscription_id, s.client_id, s.customer_id, s.token, s.email, s.amount_cents, s.end_reason,
        s.cycles, s.end_date, n, (s.start_date + (n * s.frequency) * ${sql.raw(step)})::date as scheduled_for
      from subscriptions s cross join generate_series(0, 520) as n
      where s.cycles is null or n < s.cycles
    )
    select d.*, count(*) over (partition by subscription_id) as total,
      row_number() over (partition by subscription_id order by n) as seq,
      md5(${input.key}::text || ':subscription:' || subscription_id || ':' || n) as h,
      d.scheduled_for + interval '13 hours' + make_interval(mins => d.n % 60) as at
    from due d
    where d.scheduled_for < least(coalesce(d.end_date + 1, ${anchorDay}), ${anchorDay})`);
  await insertSubscriptionTransactions(tx);
  await tx.execute(sql`
    insert into subscription_charges (id, subscription_id, scheduled_for, amount_cents, status, transaction_id,
      transaction_created_at, created_at)
    select ${uuidFromHex(`md5(d.h || ':charge')`)}, d.subscription_id, d.scheduled_for, d.amount_cents,
      case when t.payment_status then 'succeeded' else 'failed' end::subscription_charge_status,
      t.id, t.created_at, t.created_at
    from seed_subscription_due d
    join transactions t on t.id = ${uuidFromHex('d.h')} and t.created_at = d.at`);
  await scheduleNextCharges(tx, input);
}

async function insertSubscriptionTransactions(tx: Executor): Promise<void> {
  await insertTransactionsWithEffects(tx, {
    ctes: `
    charge as (
      select d.*, p.card_processor, p.card_bps, p.card_item_cents, c.first_name, c.last_name,
        not (d.end_reason is not distinct from 'Payment failed 3 times' and d.seq > d.total - 3) as approved
      from seed_subscription_due d
      join seed_profiles p on p.client_id = d.client_id
      left join vault_customers c on c.id = d.customer_id
    ),
    priced as (
      select c.*, case when c.approved then (c.amount_cents * c.card_bps + 5000) / 10000 + c.card_item_cents
        else c.card_item_cents end as fee
      from charge c
    )`,
    columns: `(id, client_id, customer_id, type, action, action_mode, amount_cents, fee_cents, payment_status,
      request_status, status, card_brand, card_type, processor, payment_method, last4, token, customer_first_name,
      customer_last_name, customer_email, settlement_amount_cents, settlement_date, api_response,
      third_party_api_response, meta, created_at)`,
    select: `
    select ${uuidSql('h')}, client_id, customer_id, 'charge', 'subscription', 'charge', amount_cents, fee, approved,
      true, case when approved then 'Approved' else 'Declined' end, split_part(token, '-', 1), 'credit',
      card_processor, 'card', split_part(token, '-', 2), token, first_name, last_name, email,
      case when approved then amount_cents - fee end,
      case when approved then scheduled_for + 1 end,
      jsonb_build_object('token', token, 'subscription_id', subscription_id),
      jsonb_build_object('AUTH_MASKED_ACCOUNT_NBR', 'XXXXXXXXXXXX' || split_part(token, '-', 2),
        'AUTH_RESP', case when approved then '00' else '05' end),
      jsonb_build_object('firstName', first_name, 'lastName', last_name, 'email', email, 'customFields', '{}'::jsonb),
      at
    from priced`,
  });
}

// Active series get their next due date and a scheduled charge row; counts follow the charges made.
async function scheduleNextCharges(tx: Executor, input: Input): Promise<void> {
  const anchorDay = sql`${input.anchorStart.toISOString().slice(0, 10)}::date`;
  await tx.execute(sql`
    update subscriptions s set cycles_completed = c.succeeded
    from (select subscription_id, count(*) filter (where status = 'succeeded')::int as succeeded
      from subscription_charges group by subscription_id) c
    where c.subscription_id = s.id`);
  await tx.execute(sql`
    with next_due as (
      select s.id, s.amount_cents, min(x.scheduled_for) as next_date
      from subscriptions s
      cross join lateral (
        select (s.start_date + (n * s.frequency) * ${sql.raw(step)})::date as scheduled_for
        from generate_series(0, 520) as n where s.cycles is null or n < s.cycles
      ) x
      where s.is_active and x.scheduled_for >= ${anchorDay}
      group by s.id, s.amount_cents
    ),
    updated as (
      update subscriptions s set next_charge_date = n.next_date from next_due n where n.id = s.id returning s.id
    )
    insert into subscription_charges (id, subscription_id, scheduled_for, amount_cents, status, created_at)
    select ${uuidFromHex(sql`md5(${input.key}::text || ':next:' || n.id)`)}, n.id, n.next_date, n.amount_cents,
      'scheduled', ${input.anchorStart.toISOString()}::timestamptz
    from next_due n`);
}
