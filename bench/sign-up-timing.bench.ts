// The public sign-up answers an address with an account and an unknown one in the same time, so its
// timing does not tell whether an address has an account: both count the address's mails, look the
// address up, write the lead (rolled back for an address with an account) and queue one e-mail. On
// PostgreSQL, 51 sign-ups of each kind interleaved, each to an address of its own; prints both medians
// and their ratio. Budget: the ratio within 0.8 to 1.25 (noise, not a second path).
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app';
import { median, printTable, timeMs } from './stats';
import { withBenchDatabase } from './support/throwaway-db';

const RUNS = Number(process.env.BENCH_SIGNUP_RUNS ?? 51);
const WARMUP = 10;
const RATIO_BOUNDS = [0.8, 1.25] as const;

export async function benchSignUpTiming(): Promise<boolean> {
  return withBenchDatabase({}, async ({ handle, pool, config }) => {
    await pool.query(
      `insert into clients (name, legal_name, dba_name, level, api_key_hash, api_key_last4, public_key)
       values ('Bench Provider', 'Bench Provider LLC', 'Bench Provider', 'Parent', encode(sha256(convert_to('bench_sk_root', 'UTF8')), 'hex'), right('bench_sk_root', 4), 'bench_pk_root')`,
    );
    const total = WARMUP + RUNS;
    await pool.query(
      `insert into users (email, name, user_type)
       select 'known' || n || '@bench.example', 'Known ' || n, 'user' from generate_series(1, $1::int) as n`,
      [total],
    );
    const app = await buildApp({
      config: {
        ...config,
        webDistDir: undefined,
        rateLimitPerMinute: 1_000_000,
        authRateLimitPerMinute: 1_000_000,
        logLevel: 'warn',
      },
      database: handle,
      logger: false,
      dataKey: randomBytes(32),
    });
    try {
      await app.ready();
      const signUp = (email: string, n: number) =>
        app.inject({
          method: 'POST',
          url: '/api/sign-up',
          remoteAddress: `10.0.${n >> 8}.${n & 255}`,
          payload: { business_name: 'Bench Bakery', first_name: 'Bea', last_name: 'Baker', email },
        });
      const known: number[] = [];
      const unknown: number[] = [];
      for (let n = 1; n <= total; n += 1) {
        // Alternate who goes first so neither side always gets the warmer cache.
        const pair = [
          async () => known.push(await timeMs(() => signUp(`known${n}@bench.example`, n))),
          async () => unknown.push(await timeMs(() => signUp(`new${n}@bench.example`, n))),
        ];
        for (const run of n % 2 ? pair : pair.reverse()) await run();
        // The queued e-mails are written before the next pair, off the clock.
        await app.mail.idle();
      }
      const knownMs = median(known.slice(WARMUP));
      const unknownMs = median(unknown.slice(WARMUP));
      const ratio = unknownMs / knownMs;
      const ok = ratio >= RATIO_BOUNDS[0] && ratio <= RATIO_BOUNDS[1];
      console.log(`\nPOST /api/sign-up, ${RUNS} runs each (median ms)`);
      printTable(
        ['address', 'median ms', 'ratio unknown/known', 'budget'],
        [
          ['with an account', knownMs, '', ''],
          ['unknown', unknownMs, ratio, `${RATIO_BOUNDS[0]}-${RATIO_BOUNDS[1]} ${ok ? 'ok' : 'OVER'}`],
        ],
      );
      return ok;
    } finally {
      await app.close();
    }
  });
}
