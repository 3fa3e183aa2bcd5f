// Global search: GET /api/search over 10,000 merchants, 1,000,000 transactions and 1,000,000 vault
// customers, as staff (every merchant: the widest scope), through the real route (session, access,
// every kind's statement, serialisation) against the bare indexed SQL of the same statements in the
// same run, sent side by side on the pool as the route sends them. Budget: the route's median under
// 50 ms and within 1.5x of the bare SQL's, over a set of typical queries. The benchmark checks that
// the route and the bare SQL answer the same rows before timing them.
// BENCH_SEARCH_MERCHANTS, BENCH_SEARCH_TRANSACTIONS and BENCH_SEARCH_CUSTOMERS seed fewer rows (a
// quick run); the budget is at the full size.
import { globalSearchResponse, globalSearchTermsOf } from '@portico/contracts/search/global-search';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { prefixRangeOf } from '../apps/server/src/modules/vault/vault.repository';
import { sessionCookieFor } from '../apps/server/test/auth-helpers';
import { median, printTable, timeMs } from './stats';
import { withBenchDatabase } from './support/throwaway-db';

const MERCHANTS = Number(process.env.BENCH_SEARCH_MERCHANTS ?? 10_000);
const TRANSACTIONS = Number(process.env.BENCH_SEARCH_TRANSACTIONS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_SEARCH_CUSTOMERS ?? 1_000_000);
const MEDIAN_BUDGET_MS = 50;
const RATIO_BUDGET = 1.5;
const WARMUP_ROUNDS = 20;
const RUNS = 41;
const STAFF = 'admin@portico.example';

const firstNames = ['Avery', 'Blake', 'Casey', 'Drew', 'Emery', 'Finley', 'Gray', 'Harper', 'Indy', 'Jordan'];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Lopez',
  'Moore',
];
const merchantWords = [
  'Harbor',
  'Copper',
  'Summit',
  'Maple',
  'Cedar',
  'River',
  'Golden',
  'Blue',
  'North',
  'Lake',
];
const merchantKinds = [
  'Coffee',
  'Bistro',
  'Dental',
  'Books',
  'Garage',
  'Bakery',
  'Salon',
  'Market',
  'Studio',
  'Pets',
];
const sqlArray = (words: readonly string[]) => `array[${words.map((word) => `'${word}'`).join(',')}]`;

async function seed(pool: pg.Pool) {
  // Merchants under the demo parents, named from two word lists and a number.
  await pool.query(
    `insert into clients (name, legal_name, dba_name, level, parent_id, api_key_hash, api_key_last4,
       public_key, mcc_code, mid, tax_id_last4)
     select w1 || ' ' || w2 || ' ' || n, w1 || ' ' || w2 || ' ' || n || ' LLC', w1 || ' ' || w2 || ' #' || n,
            'Merchant', (select id from clients where level = 'Parent' order by id offset (n % 3) limit 1),
            encode(sha256(convert_to('bench_sk_' || n, 'UTF8')), 'hex'), right('bench_sk_' || n, 4),
            'bench_pk_' || n, '5814', '8' || lpad(n::text, 11, '0'), lpad((n % 10000)::text, 4, '0')
       from generate_series(1, $1::int) as n,
            lateral (select (${sqlArray(merchantWords)})[1 + n % 10] as w1,
                            (${sqlArray(merchantKinds)})[1 + (n / 10) % 10] as w2) words`,
    [MERCHANTS],
  );
  const spread = `with m as (select array_agg(id order by id) as ids, count(*)::int as c from clients
      where mid like '8%')`;
  // Transactions over the last eleven months (the migrated partitions), spread over the merchants.
  await pool.query(
    `${spread}
     insert into transactions (client_id, type, action, action_mode, amount_cents, payment_status,
       status, processor, payment_method, card_brand, last4, customer_first_name, customer_last_name,
       customer_email, created_at)
     select m.ids[1 + n % m.c], 'card', 'sale', 'charge', 100 + (n * 37) % 50000, true, 'Approved', 'fis',
            'card', 'VISA', lpad(((n::bigint * 7919) % 10000)::text, 4, '0'), f, l,
            lower(f) || '.' || lower(l) || n || '@bench.example',
            now() - ((n % 330) || ' days')::interval - ((n % 86400) || ' seconds')::interval
       from m, generate_series(1, $1::int) as n,
            lateral (select (${sqlArray(firstNames)})[1 + n % 10] as f,
                            (${sqlArray(lastNames)})[1 + (n / 10) % 10] as l) names`,
    [TRANSACTIONS],
  );
  await pool.query(
    `${spread}
     insert into vault_customers (client_id, first_name, last_name, email)
     select m.ids[1 + n % m.c], f, l || (n % 100)::text, lower(f) || '.' || n || '@vault.example'
       from m, generate_series(1, $1::int) as n,
            lateral (select (${sqlArray(firstNames)})[1 + (n / 7) % 10] as f,
                            (${sqlArray(lastNames)})[1 + (n / 70) % 10] as l) names`,
    [CUSTOMERS],
  );
  await pool.query('vacuum analyze');
}

// The route's statements for staff, written by hand: each kind's union of index branches, joined to
// its columns, a few rows. Only the branches the typed text asks for (as the route reads the text).
function bareStatementsOf(q: string, staffUserId: string): { text: string; values: unknown[] }[] {
  const terms = globalSearchTermsOf(q);
  const range = prefixRangeOf(terms.lowered);
  const to = range.to ?? '\u{10FFFF}';
  const hasSpace = /\s/.test(terms.text);
  const statements: { text: string; values: unknown[] }[] = [];
  const prefix = (key: string, n: number) => `${key} >= $${n} and ${key} < $${n + 1}`;

  const merchantBranches = [
    `(select id from clients where ${prefix('lower(name) collate "C"', 1)} order by lower(name) collate "C" limit 5)`,
    `(select id from clients where ${prefix('lower(dba_name) collate "C"', 1)} order by lower(dba_name) collate "C" limit 5)`,
  ];
  if (!hasSpace) merchantBranches.push('(select id from clients where mid = $3 limit 5)');
  if (terms.isFourDigits) merchantBranches.push('(select id from clients where tax_id_last4 = $3 limit 5)');
  statements.push({
    text: `select c.id, c.name, c.dba_name, c.legal_name, c.level::text as level, c.mid, c.tax_id_last4
      from (${merchantBranches.join(' union ')}) found join clients c on c.id = found.id
      where $3::text is not null
      order by lower(coalesce(c.dba_name, c.name)) collate "C", c.id limit 5`,
    values: [range.from, to, terms.text],
  });

  const transactionBranches: string[] = [];
  const values: unknown[] = [];
  if (terms.uuid !== null) {
    values.push(terms.uuid);
    transactionBranches.push(
      `(select id, created_at from transactions where id = $${values.length}::uuid limit 5)`,
    );
  }
  if (terms.last4 !== null && terms.amountCents !== null) {
    values.push(terms.last4, terms.amountCents);
    transactionBranches.push(`(select id, created_at from transactions
      where last4 = $${values.length - 1} and amount_cents = $${values.length} order by created_at desc limit 5)`);
  }
  if (terms.uuid === null && !hasSpace) {
    values.push(range.from, to);
    transactionBranches.push(`(select id, created_at from transactions where customer_email is not null
      and ${prefix('customer_email collate "C"', values.length - 1)} order by customer_email collate "C" limit 5)`);
  }
  if (transactionBranches.length > 0)
    statements.push({
      text: `select t.id, t.client_id, c.name as merchant_name, t.created_at, t.type::text as type, t.amount_cents,
        t.payment_method, t.card_brand, t.last4, t.customer_first_name, t.customer_last_name,
        t.customer_email, t.status
      from (${transactionBranches.join(' union ')}) found
      join transactions t on t.id = found.id and t.created_at = found.created_at
      join clients c on c.id = t.client_id order by t.created_at desc, t.id limit 5`,
      values,
    });

  const words = terms.lowered.split(/\s+/);
  const customerBranches = ['email', 'last_name', 'first_name'].map(
    (column) =>
      `(select id from vault_customers where ${prefix(`lower(${column}) collate "C"`, 1)}
        order by lower(${column}) collate "C" limit 5)`,
  );
  const customerValues: unknown[] = [range.from, to];
  if (words.length > 1) {
    const first = prefixRangeOf(words[0] ?? '');
    const last = prefixRangeOf(words.slice(1).join(' '));
    customerValues.push(first.from, first.to, last.from, last.to);
    customerBranches.push(`(select id from vault_customers where ${prefix('lower(first_name) collate "C"', 3)}
      and ${prefix('lower(last_name) collate "C"', 5)} order by lower(first_name) collate "C" limit 5)`);
  }
  statements.push({
    text: `select v.id, v.client_id, c.name as merchant_name, v.first_name, v.last_name, v.email
      from (${customerBranches.join(' union ')}) found join vault_customers v on v.id = found.id
      join clients c on c.id = v.client_id
      order by lower(coalesce(v.last_name, v.email, '')) collate "C", v.id limit 5`,
    values: customerValues,
  });

  statements.push({
    text: `select u.id, u.name, u.email from users u
        where u.id in (select m.user_id from memberships m
          where m.client_id = (select default_client_id from users where id = $3::uuid))
          and u.user_type::text not in ('admin', 'healnow', 'contact')
          and ((${prefix('lower(u.name) collate "C"', 1)}) or (${prefix('lower(u.email) collate "C"', 1)}))
        order by lower(u.name) collate "C", u.id limit 5`,
    values: [range.from, to, staffUserId],
  });

  statements.push({
    text: `select e.id, e.dba_name, e.legal_name, e.application_status::text as application_status,
        p.name as parent_name
      from ((select id from enrollments where ${prefix('lower(dba_name) collate "C"', 1)}
               order by lower(dba_name) collate "C" limit 5)
            union (select id from enrollments where ${prefix('lower(legal_name) collate "C"', 1)}
               order by lower(legal_name) collate "C" limit 5)) found
      join enrollments e on e.id = found.id left join clients p on p.id = e.parent_id
      order by lower(coalesce(e.dba_name, e.legal_name, '')) collate "C", e.id limit 5`,
    values: [range.from, to],
  });

  if (terms.amountCents !== null && terms.last4 === null)
    statements.push({
      text: `select p.id, p.client_id, c.name as merchant_name, to_char(p.payout_date, 'YYYY-MM-DD') as payout_date,
          p.amount_cents, p.status::text as status
        from payouts p join clients c on c.id = p.client_id where p.amount_cents = $1
        order by p.payout_date desc, p.id limit 5`,
      values: [terms.amountCents],
    });
  return statements;
}

export function benchGlobalSearch(): Promise<boolean> {
  return withBenchDatabase({ seedTransactions: 0 }, async ({ handle, pool, config }) => {
    const seedMs = await timeMs(() => seed(pool));
    const counts = (
      await pool.query<{ merchants: string; transactions: string; customers: string }>(
        `select (select count(*) from clients)::text as merchants,
                (select count(*) from transactions)::text as transactions,
                (select count(*) from vault_customers)::text as customers`,
      )
    ).rows[0];
    console.log(
      `Seeded ${counts?.merchants} clients, ${counts?.transactions} transactions and ${counts?.customers} vault customers in ${(seedMs / 1000).toFixed(1)} s`,
    );
    const sample = (
      await pool.query<{ id: string; last4: string; amount: string }>(
        `select id::text, last4, (amount_cents / 100)::text || '.' || lpad((amount_cents % 100)::text, 2, '0') as amount
           from transactions order by created_at desc limit 1`,
      )
    ).rows[0];
    if (!sample) throw new Error('no transaction seeded');
    const staffUserId = (
      await pool.query<{ id: string }>('select id::text as id from users where email = $1', [STAFF])
    ).rows[0]?.id;
    if (!staffUserId) throw new Error(`The seeded database has no ${STAFF}`);

    // What people type: a merchant's name, a customer's name and e-mail, a card with its amount, a
    // transaction id, a payout amount.
    const queries = [
      'harbor cof',
      'casey.smi',
      'avery',
      'drew jones',
      `${sample.last4} ${sample.amount}`,
      sample.id,
      '123.45',
      'maple',
    ];

    const app = await buildApp({
      config: { ...config, webDistDir: undefined, rateLimitPerMinute: 1_000_000, logLevel: 'warn' },
      database: handle,
      logger: false,
    });
    try {
      await app.ready();
      const cookie = await sessionCookieFor(handle.db, STAFF);
      const route = (q: string) => async () => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/search?q=${encodeURIComponent(q)}`,
          headers: { cookie },
        });
        if (res.statusCode !== 200) throw new Error(`GET /api/search?q=${q} answered ${res.statusCode}`);
        return globalSearchResponse.parse(JSON.parse(res.body)).message.groups;
      };
      const bare = (q: string) => {
        const statements = bareStatementsOf(q, staffUserId);
        return () => Promise.all(statements.map((statement) => pool.query(statement.text, statement.values)));
      };
      // The same rows: each kind's ids from the route are the bare statement's, in its order.
      for (const q of queries) {
        const groups = await route(q)();
        const answered = new Set(
          (await bare(q)()).flatMap((result) => result.rows.map((row: { id: unknown }) => String(row.id))),
        );
        const routed = groups.flatMap((group) => group.hits.map((hit) => hit.id));
        if (routed.some((id) => !answered.has(id)) || routed.length !== answered.size)
          throw new Error(`The route and the bare SQL answer different rows for '${q}'`);
      }
      // BENCH_SEARCH_EXPLAIN=1: the plan of each bare statement (where the time goes).
      if (process.env.BENCH_SEARCH_EXPLAIN) {
        for (const q of queries) {
          for (const statement of bareStatementsOf(q, staffUserId)) {
            const plan = await pool.query(`explain (analyze, costs off) ${statement.text}`, statement.values);
            console.log(`\n-- ${q}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
          }
        }
      }
      for (let round = 0; round < WARMUP_ROUNDS; round++) {
        for (const q of queries) {
          await route(q)();
          await bare(q)();
        }
      }
      const routeTimes = new Map<string, number[]>(queries.map((q) => [q, []]));
      const bareTimes = new Map<string, number[]>(queries.map((q) => [q, []]));
      for (let run = 0; run < RUNS; run++) {
        for (const q of queries) {
          // Alternate who goes first so neither side always gets the warmer cache.
          if (run % 2) {
            routeTimes.get(q)?.push(await timeMs(route(q)));
            bareTimes.get(q)?.push(await timeMs(bare(q)));
          } else {
            bareTimes.get(q)?.push(await timeMs(bare(q)));
            routeTimes.get(q)?.push(await timeMs(route(q)));
          }
        }
      }
      const rows: (string | number)[][] = [];
      for (const q of queries) {
        const routeMs = median(routeTimes.get(q) ?? []);
        const bareMs = median(bareTimes.get(q) ?? []);
        const hits = (await route(q)()).reduce((sum, group) => sum + group.hits.length, 0);
        rows.push([q.length > 20 ? 'a transaction id' : q, hits, routeMs, bareMs, routeMs / bareMs]);
      }
      const allRoute = median([...routeTimes.values()].flat());
      const allBare = median([...bareTimes.values()].flat());
      const ratio = allRoute / allBare;
      rows.push(['all queries', '', allRoute, allBare, ratio]);
      console.log(
        `\nGlobal search as staff over ${counts?.merchants} clients, ${counts?.transactions} transactions, ${counts?.customers} vault customers: median ms`,
      );
      printTable(['query', 'rows', 'route ms', 'bare SQL ms', 'ratio'], rows);
      const isWithin = allRoute < MEDIAN_BUDGET_MS && ratio <= RATIO_BUDGET;
      console.log(
        `Median ${allRoute.toFixed(2)} ms (budget < ${MEDIAN_BUDGET_MS} ms), ${ratio.toFixed(2)}x the bare SQL (budget <= ${RATIO_BUDGET}x): ${isWithin ? 'ok' : 'OVER'}`,
      );
      return isWithin;
    } finally {
      await app.close();
    }
  });
}
