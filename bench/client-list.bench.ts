// GET /api/client/all: the Merchants grid over 10,000 merchants, through the real
// route (session, access, query, serialisation) and through the service alone, against the bare
// indexed SQL of the same rows and order in the same run. Budget: within 1.5x.
// BENCH_CLIENTS_PROFILE=<file> also writes a CPU profile of 40 route calls (after the figures).
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Caller } from '../apps/server/src/access/caller';
import { canReachEveryMerchant } from '../apps/server/src/access/merchant-scope';
import { buildApp } from '../apps/server/src/app';
import { users } from '../apps/server/src/db/schema/users';
import { merchantGridJson } from '../apps/server/src/modules/client-lists/client-lists.service';
import { sessionCookieFor } from '../apps/server/test/auth-helpers';
import { compareInterleaved, printTable } from './stats';
import { profileRuns } from './support/cpu-profile';
import { withBenchDatabase } from './support/throwaway-db';

const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 10_000);
const RATIO_BUDGET = 1.5;

// The grid's rows written by hand: every client with its parent's name and processors, by name.
const bareSql = `
  select c.id, c.name, c.legal_name, c.dba_name, c.level, c.parent_id, p.name as parent_name, c.mcc_code,
         c.is_active, cc.payment, cc.ach, c.created_at, c.updated_at
    from clients c
    left join clients p on p.id = c.parent_id
    left join client_configs cc on cc.client_id = c.id
   order by c.name, c.id`;

// 10,000 merchants under the demo parents, each with a configuration, in two statements.
async function addMerchants(pool: pg.Pool, count: number) {
  await pool.query(
    `insert into clients (name, legal_name, dba_name, level, parent_id, api_key_hash, api_key_last4, public_key, mcc_code)
     select 'Bench Merchant ' || lpad(n::text, 6, '0'), 'Bench Merchant ' || n || ' LLC',
            'Bench Merchant ' || n, 'Merchant',
            (select id from clients where level = 'Parent' order by id offset (n % 3) limit 1),
            encode(sha256(convert_to('bench_sk_' || n, 'UTF8')), 'hex'), right('bench_sk_' || n, 4),
            'bench_pk_' || n, '5814'
       from generate_series(1, $1::int) as n`,
    [count],
  );
  await pool.query(
    `insert into client_configs (client_id, payment, ach)
     select id, 'epx', 'propay' from clients where name like 'Bench Merchant %'
     on conflict (client_id) do nothing`,
  );
  await pool.query('analyze');
}

export function benchClientList(): Promise<boolean> {
  return withBenchDatabase({ seedTransactions: 0 }, async ({ handle, pool, config }) => {
    await addMerchants(pool, MERCHANTS);
    const total = Number(
      (await pool.query<{ n: string }>('select count(*)::text as n from clients')).rows[0]?.n,
    );

    const app = await buildApp({
      config: { ...config, webDistDir: undefined, rateLimitPerMinute: 1_000_000, logLevel: 'warn' },
      database: handle,
      logger: false,
    });
    try {
      await app.ready();
      const email = `admin@${config.providerDomain}`;
      const cookie = await sessionCookieFor(handle.db, email);
      const [admin] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!admin) throw new Error('The seeded database has no admin');
      const caller: Caller = {
        session: {
          sessionId: 'bench',
          userId: admin.id,
          role: 'admin',
          email,
          viewAsClientId: null,
          mimickedByUserId: null,
          mimickedByRole: null,
          isProcessorAuditUser: false,
          isAwaitingSecondFactor: false,
          isEnrollingSecondFactor: false,
          hasRecentSecondFactor: false,
        },
        actingRole: 'admin',
        viewAsClientId: null,
        isStaff: canReachEveryMerchant('admin'),
        mimickedByUserId: null,
        merchant: null,
        route: 'GET /api/client/all',
        origin: { ip: '127.0.0.1', userAgent: null },
        denials: app.accessDenials,
      };
      const callRoute = async () => {
        const res = await app.inject({ method: 'GET', url: '/api/client/all', headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`GET /api/client/all answered ${res.statusCode}`);
        return res.body;
      };
      const route = await compareInterleaved(callRoute, () => pool.query(bareSql));
      const service = await compareInterleaved(
        () => merchantGridJson(handle.db, caller),
        () => pool.query(bareSql),
      );
      const rows = [
        ['GET /api/client/all (route, JSON)', total, route.subjectMs, route.baselineMs, route.ratio],
        [
          'merchantGridJson (service, JSON bytes)',
          total,
          service.subjectMs,
          service.baselineMs,
          service.ratio,
        ],
      ].map((row) => [...row, Number(row[4]) <= RATIO_BUDGET ? 'ok' : 'OVER']);
      console.log('\nMerchants grid (admin, every client): median ms against the bare indexed SQL');
      printTable(['subject', 'clients', 'subject ms', 'bare SQL ms', 'ratio', `<= ${RATIO_BUDGET}`], rows);
      const profileFile = process.env.BENCH_CLIENTS_PROFILE;
      if (profileFile) await profileRuns(callRoute, 40, profileFile);
      return route.ratio <= RATIO_BUDGET;
    } finally {
      await app.close();
    }
  });
}
