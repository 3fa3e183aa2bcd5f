// The access decision of one request: the session behind the cookie, the
// membership that governs the merchant with its role's permissions, and the user's location scope,
// as the server takes it on a request naming a merchant (access/request-session.ts reads it all in one
// statement, access/route-guard.ts decides from it), with 10,000 users and 1,000 roles on PostgreSQL;
// beside one bare indexed query that reads the same rows. Budget: under 1 ms at the median.
import type pg from 'pg';
import {
  decideMerchantAccess,
  decideMerchantAccessFromFacts,
} from '../apps/server/src/access/merchant-scope';
import { resolveRequestSession, resolveSession } from '../apps/server/src/access/request-session';
import { hashSecretToken, newSecretToken } from '../apps/server/src/lib/secret-token';
import { compareInterleaved, medianMs, printTable } from './stats';
import { withBenchDatabase } from './support/throwaway-db';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const ROLES = Number(process.env.BENCH_ROLES ?? 1_000);
const MERCHANTS = Math.max(1, Math.floor(ROLES / 10));
const BUDGET_MS = 1;

// MERCHANTS merchants with RBAC on, ten roles each holding twelve permissions, USERS users each a
// member of one merchant with one role, a third of them tied to one of its two locations, and a
// live session per user.
async function seedAccess(pool: pg.Pool): Promise<{ token: string; merchantId: string }[]> {
  await pool.query(
    `insert into clients (name, legal_name, dba_name, level, api_key_hash, api_key_last4, public_key, mcc_code)
     select 'Access Merchant ' || n, 'Access Merchant ' || n || ' LLC', 'Access Merchant ' || n, 'Merchant',
            encode(sha256(convert_to('access_sk_' || n, 'UTF8')), 'hex'), right('access_sk_' || n, 4), 'access_pk_' || n, '5814'
       from generate_series(1, $1::int) as n`,
    [MERCHANTS],
  );
  await pool.query(
    `insert into client_configs (client_id, customizations)
     select id, '{"rbac_enabled": true}'::jsonb from clients where name like 'Access Merchant %'
     on conflict (client_id) do update set customizations = excluded.customizations`,
  );
  await pool.query(
    `insert into roles (client_id, name)
     select c.id, 'Role ' || r from clients c, generate_series(1, 10) as r where c.name like 'Access Merchant %'`,
  );
  await pool.query(
    `insert into role_permissions (role_id, permission_name)
     select r.id, p.name from roles r
       join lateral (select name from permissions order by md5(r.id::text || name) limit 12) p on true
      where r.name like 'Role %'`,
  );
  await pool.query(
    `insert into sub_entities (client_id, name)
     select c.id, 'Site ' || s from clients c, generate_series(1, 2) as s where c.name like 'Access Merchant %'`,
  );
  await pool.query(
    `with merchants as (select id, row_number() over (order by id) as k from clients where name like 'Access Merchant %')
     insert into users (email, name, user_type, default_client_id)
     select 'access' || n || '@bench.example', 'Access User ' || n, 'user', m.id
       from generate_series(1, $1::int) as n join merchants m on m.k = 1 + n % $2`,
    [USERS, MERCHANTS],
  );
  await pool.query(
    `insert into memberships (user_id, client_id, role_id)
     select u.id, u.default_client_id,
            (select r.id from roles r where r.client_id = u.default_client_id
              order by md5(u.id::text || r.id::text) limit 1)
       from users u where u.email like 'access%@bench.example'`,
  );
  await pool.query(
    `insert into user_sub_entities (user_id, sub_entity_id)
     select u.id, (select s.id from sub_entities s where s.client_id = u.default_client_id order by s.name limit 1)
       from users u where u.email like 'access%@bench.example' and abs(hashtext(u.id::text)) % 3 = 0`,
  );
  const users = await pool.query<{ id: string; merchant_id: string }>(
    `select id, default_client_id as merchant_id from users where email like 'access%@bench.example'`,
  );
  const sessions = users.rows.map((row) => ({ ...row, token: newSecretToken() }));
  for (let at = 0; at < sessions.length; at += 1_000) {
    const batch = sessions.slice(at, at + 1_000);
    await pool.query(
      `insert into sessions (id, user_id, expires_at, absolute_expires_at)
       select * from unnest($1::text[], $2::uuid[], $3::timestamptz[], $3::timestamptz[])`,
      [
        batch.map((s) => hashSecretToken(s.token)),
        batch.map((s) => s.id),
        batch.map(() => new Date(Date.now() + 3_600_000)),
      ],
    );
  }
  await pool.query('analyze');
  return sessions.map((s) => ({ token: s.token, merchantId: s.merchant_id }));
}

// The same rows in one statement: the live session and its user, the membership on the merchant
// with its role's permissions, and the user's locations there.
const bareSql = `
  select u.id, u.user_type, u.email,
         (select array_agg(rp.permission_name) from memberships m join role_permissions rp on rp.role_id = m.role_id
           where m.user_id = u.id and m.client_id = $2) as granted,
         (select array_agg(us.sub_entity_id) from user_sub_entities us join sub_entities se on se.id = us.sub_entity_id
           where us.user_id = u.id and se.client_id = $2) as locations
    from sessions s join users u on u.id = s.user_id
   where s.id = $1 and s.revoked_at is null and s.expires_at > now() and s.absolute_expires_at > now()`;

export function benchAccessDecision(): Promise<boolean> {
  return withBenchDatabase({ seedTransactions: 0 }, async ({ handle, pool }) => {
    const callers = await seedAccess(pool);
    const counts = await pool.query<{ users: string; roles: string }>(
      'select (select count(*) from users)::text as users, (select count(*) from roles)::text as roles',
    );
    let next = 0;
    const pick = () => {
      const caller = callers[next % callers.length];
      next += 7;
      if (!caller) throw new Error('No caller');
      return caller;
    };
    // The server's decision for one request, a different user each time: what the session hook and
    // the access preHandler call.
    const decide = async () => {
      const { token, merchantId } = pick();
      const resolved = await resolveRequestSession(handle.db, token, {
        merchantId,
        viewedClientId: null,
        permissionAnywhere: false,
      });
      const facts = resolved?.access.merchant?.facts;
      if (!resolved || !facts) throw new Error('The session did not resolve');
      const decision = await decideMerchantAccessFromFacts(
        handle.db,
        resolved.session,
        merchantId,
        facts,
        'Reports',
      );
      if (!decision.isAllowed && decision.reason === 'merchant') throw new Error('The member was refused');
      return decision;
    };
    // The path without the prefetch: the session, then the merchant access (two round trips).
    const decideInTwoTrips = async () => {
      const { token, merchantId } = pick();
      const session = await resolveSession(handle.db, token);
      if (!session) throw new Error('The session did not resolve');
      return decideMerchantAccess(handle.db, session, merchantId, 'Reports');
    };
    const bare = () => {
      const { token, merchantId } = pick();
      return pool.query(bareSql, [hashSecretToken(token), merchantId]);
    };
    // The decision is a named statement (planned once per connection): the same for the bare query.
    const bareNamed = () => {
      const { token, merchantId } = pick();
      return pool.query({
        name: 'bench_access_bare',
        text: bareSql,
        values: [hashSecretToken(token), merchantId],
      });
    };
    const compared = await compareInterleaved(decide, bare, { warmup: 50, runs: 501 });
    const comparedNamed = await compareInterleaved(decide, bareNamed, { warmup: 50, runs: 501 });
    const comparedTwoTrips = await compareInterleaved(decideInTwoTrips, bare, { warmup: 50, runs: 501 });
    // The absolute budget from a longer series of the decision alone.
    const aloneMs = await medianMs(decide, { warmup: 0, runs: 2_001 });
    const withinBudget = aloneMs < BUDGET_MS;
    console.log(
      `\nAccess decision per request (${counts.rows[0]?.users} users, ${counts.rows[0]?.roles} roles): median ms`,
    );
    printTable(
      ['Measure', 'Decision ms', 'Bare SQL ms', 'Ratio', 'Budget'],
      [
        [
          'request decision: session + merchant access + locations, one statement',
          compared.subjectMs.toFixed(3),
          compared.baselineMs.toFixed(3),
          compared.ratio.toFixed(2),
          '',
        ],
        [
          'the same beside the bare query as a named statement',
          comparedNamed.subjectMs.toFixed(3),
          comparedNamed.baselineMs.toFixed(3),
          comparedNamed.ratio.toFixed(2),
          '',
        ],
        [
          'two round trips: session, then merchant access (before)',
          comparedTwoTrips.subjectMs.toFixed(3),
          comparedTwoTrips.baselineMs.toFixed(3),
          comparedTwoTrips.ratio.toFixed(2),
          '',
        ],
        [
          'request decision alone, 2,001 calls',
          aloneMs.toFixed(3),
          '',
          '',
          withinBudget ? 'ok (< 1 ms)' : 'OVER 1 ms',
        ],
      ],
    );
    return withinBudget;
  });
}
