import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import type { MerchantProfile } from './merchant-profiles';

// Temporary tables the set-based generators join against. They live for the seed transaction only
// (ON COMMIT DROP). Locations and vault customers are read back from the tables just seeded, so the
// transactions reference real rows.
export async function createSeedTables(tx: Executor, profiles: MerchantProfile[]): Promise<void> {
  await tx.execute(sql`
    create temp table seed_profiles on commit drop as
    select * from jsonb_to_recordset(${JSON.stringify(profiles)}::jsonb) as p(
      idx int, client_id uuid, slot_lo int, slot_hi int, avg_ticket_cents bigint, high_ticket_cents bigint,
      card_processor processor, ach_processor processor, crypto_processor processor, has_terminals boolean,
      is_crypto_only boolean, card_bps int, card_item_cents int, ach_bps int, ach_item_cents int,
      surcharge_bps int, first_day_back int, last_day_back int, location_field text,
      card_rate text, ach_rate text, burst_day_back int, large_order_day_back int
    )`);
  // Numbered per merchant in a stable order, so row k is the same on every run. Row k = -1 is "none":
  // every row of the generator finds exactly one match, so the joins stay inner hash joins on these
  // small tables instead of outer joins that hash the million-row side.
  await tx.execute(sql`
    create temp table seed_sites on commit drop as
    select p.idx, (row_number() over (partition by s.client_id order by s.name) - 1)::int as k,
      s.id, s.name, s.custom_fields
    from sub_entities s join seed_profiles p on p.client_id = s.client_id
    union all
    select idx, -1, null, null, null from seed_profiles`);
  await tx.execute(sql`
    create temp table seed_customers on commit drop as
    select p.idx, (row_number() over (partition by c.client_id order by c.id) - 1)::int as k,
      c.id, c.first_name, c.last_name, c.email, m.token, m.last4, m.issuer::text as issuer
    from vault_customers c
    join seed_profiles p on p.client_id = c.client_id
    join lateral (
      select token, last4, issuer from vault_payment_methods pm
      where pm.customer_id = c.id and pm.issuer <> 'BANK' order by pm.id limit 1
    ) m on true
    union all
    select idx, -1, null, null, null, null, null, null, null from seed_profiles`);
  // One row per volume slot with everything about its merchant, so a row finds its merchant in one join.
  await tx.execute(sql`
    create temp table seed_slots on commit drop as
    select generate_series(p.slot_lo, p.slot_hi - 1) as slot, p.*,
      (select count(*) from seed_sites s where s.idx = p.idx and s.k >= 0)::int as site_count,
      (select count(*) from seed_customers c where c.idx = p.idx and c.k >= 0)::int as customer_count
    from seed_profiles p`);
  // Without statistics the planner guesses thousands of rows for these few dozen, and sorts a million
  // wide rows to merge-join them instead of hashing.
  for (const table of ['seed_profiles', 'seed_slots', 'seed_sites', 'seed_customers']) {
    await tx.execute(sql`analyze ${sql.identifier(table)}`);
  }
}
