// `npm run bench -- load`: two real server processes on one throwaway PostgreSQL, reports read from a
// streaming replica of it (REPORTING_DATABASE_URL), driven at once for a bounded time
// (BENCH_LOAD_SECONDS, 40) by sign-ins, report pages, Load All, dashboard figures, charges and
// refunds with Idempotency-Keys, while both job runners tick every second. One instance is killed
// (SIGKILL) partway and started again. Then it checks: no 5xx; every idempotency key one payment row
// and one answer however often and wherever it was sent; every job period run once; the sign-in limit
// shared; no acknowledged charge or refund missing; the replica's report rows equal the primary's
// once replay has caught up. Prints calls/s and p50/p95/p99 per kind, and how long a payment took to
// appear on the replica. Exits non-zero on any violation.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoAuthenticatorSecret } from '@portico/contracts/auth/demo-authenticator';
import { sessionCookieName } from '@portico/contracts/auth/session';
import { base32Decode, TOTP_PERIOD_SECONDS, totpCodeAt, totpStepAt } from '@portico/contracts/auth/totp';
import { encodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { reportQuery } from '@portico/contracts/transactions/report';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import type { ReportAccess } from '../apps/server/src/access/report-access';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { clientConfigs, clients } from '../apps/server/src/db/schema/clients';
import { seedDemoData } from '../apps/server/src/db/seed/seed-demo-data';
import { queryRows } from '../apps/server/src/db/sql-rows';
import { createFieldCipher } from '../apps/server/src/lib/crypto/field-cipher';
import { signPaymentFrameParams } from '../apps/server/src/lib/payment-frame-signature';
import { payerIdempotencyKey } from '../apps/server/src/modules/charges/charges.service';
import { countReportRows } from '../apps/server/src/modules/reporting/reporting.repository';
import { reportPageJson, reportWindowQuery } from '../apps/server/src/modules/reporting/reporting.service';
import { latestMailedCode } from '../apps/server/test/auth-helpers';
import { type RunningServer, spawnServer, stopServer, untilReady } from '../apps/server/test/server-process';
import { startStreamingReplica, startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import {
  type Answer,
  addressSource,
  bodyOf,
  type CallOutcome,
  call,
  cookieOf,
  type Instance,
  LoadRecorder,
  percentile,
} from './load/driver';

const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 40);
const seedTransactions = Number(process.env.BENCH_LOAD_TRANSACTIONS ?? 20_000);
// The servers' sign-in limit per client address and minute (their default).
const signInLimit = 10;
const frontDesk = 'frontdesk@harborviewdental.example';
const frontDeskPassword = 'load-bench-Quiet-Harbor-2931';
const admin = 'admin@portico.example';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hmacSha1 = (key: Uint8Array, message: Uint8Array) => createHmac('sha1', key).update(message).digest();
const dayMs = 86_400_000;
const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * dayMs).toISOString().slice(0, 10);

type KeyedCall = { kind: 'charge' | 'refund'; key: string; answers: Answer[]; lostSends: number };

// Definitive: any answer but 'still being processed' (the key's attempt is pending elsewhere).
const isDefinitive = (answer: Answer) =>
  !(answer.status === 409 && answer.text.includes('IDEMPOTENT_REQUEST_IN_FLIGHT'));

export async function benchLoad(): Promise<boolean> {
  const violations: string[] = [];
  const t0 = performance.now();
  const primary = await startThrowawayPostgres({ replication: true });
  const replica = await startStreamingReplica(primary);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portico-load-'));
  const logPath = path.join(workDir, 'servers.log');
  const handle = await openDatabase({ databaseUrl: primary.url });
  const replicaHandle = await openDatabase({ databaseUrl: replica.url });
  const replicaProbe = new pg.Pool({ connectionString: replica.url, max: 2 });
  const servers: RunningServer[] = [];
  try {
    await runMigrations(handle);
    const dataKeyHex = randomBytes(32).toString('hex');
    const dataKey = Buffer.from(dataKeyHex, 'hex');
    const config = loadConfig({ ...process.env, DATABASE_URL: primary.url });
    const cipher = createFieldCipher(dataKey);
    await seedDemoData(
      handle,
      {
        transactions: seedTransactions,
        providerDomain: config.providerDomain,
        partnerDomains: config.partnerDomains,
        encrypt: (plaintext, column) => cipher.encrypt(plaintext, column),
      },
      pino({ level: 'warn' }),
    );
    // The charges' merchant: a plain card merchant with no fee passed on, its own publishable key.
    const [merchant] = await handle.db
      .insert(clients)
      .values({
        name: 'Load Bench Merchant',
        level: 'Merchant',
        apiKeyHash: randomUUID(),
        apiKeyLast4: '0000',
        publicKey: randomUUID(),
      })
      .returning();
    if (!merchant) throw new Error('no merchant');
    await handle.db
      .insert(clientConfigs)
      .values({ clientId: merchant.id, payment: 'fis', highTicketCents: 1_000_000 });
    // The payer's frame as the portal signs it, for one amount.
    const frameFor = (amount: string) => {
      const params = encodePaymentFrameParams({ publishableKey: merchant.publicKey, amount });
      return { params, sig: signPaymentFrameParams({ dataKey: () => dataKey }, params) };
    };
    // Earlier days' approved card sales to refund a dollar at a time.
    const refundable = (
      await queryRows(
        handle.db,
        sql`select id from transactions t where type in ('cc', 'card', 'charge') and payment_status
          and payment_method = 'card' and amount_cents >= 5000 and not is_disputed
          and not exists (select 1 from transactions u where u.original_transaction_id = t.id)
          and created_at between now() - interval '40 days' and date_trunc('day', now()) - interval '2 days'
          order by id limit 200`,
      )
    ).map((row) => String(row.id));
    if (refundable.length === 0) throw new Error('no earlier card sale to refund');
    const seededMs = performance.now() - t0;
    console.log(
      `[load] primary and replica up, ${seedTransactions} transactions seeded in ${(seededMs / 1000).toFixed(1)} s`,
    );

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: primary.url,
      REPORTING_DATABASE_URL: replica.url,
      DATA_DIR: path.join(workDir, 'data'),
      DATA_KEY: dataKeyHex,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
      JOBS: 'true',
      JOB_TICK_SECONDS: '1',
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: String(signInLimit),
    };
    delete env.SMTP_URL;
    // Both at once, on the migrated and seeded database.
    servers.push(await spawnServer(env, logPath), await spawnServer(env, logPath));
    await Promise.all(servers.map((server) => untilReady(server, logPath)));
    const [serverA, serverB] = servers;
    if (!serverA || !serverB) throw new Error('the servers did not start');
    const instances: Instance[] = [
      { name: 'a', baseUrl: serverA.baseUrl, isUp: true },
      { name: 'b', baseUrl: serverB.baseUrl, isUp: true },
    ];
    let killedPid: number | undefined;
    console.log(`[load] two instances ready (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    const address = addressSource(1);
    const instance = (index: number): Instance => {
      const wanted = instances[index % 2];
      const other = instances[(index + 1) % 2];
      if (!wanted || !other) throw new Error('no instance');
      return wanted.isUp || !other.isUp ? wanted : other;
    };
    const otherThan = (name: string): Instance => {
      const found = instances.find((candidate) => candidate.name !== name);
      if (!found) throw new Error('no instance');
      return found;
    };

    // The real sign-in flows, once each before the load: admin by e-mail link and authenticator code
    // (second factor), the front desk sets a password through 'Forgot password?'.
    const mailedCodeAfter = async (email: string, before: string | null) => {
      for (let tries = 0; tries < 200; tries += 1) {
        const code = await latestMailedCode(handle.db, email).catch(() => null);
        if (code !== null && code !== before) return code;
        await sleep(50);
      }
      throw new Error(`no mail for ${email}`);
    };
    const expectOk = (outcome: CallOutcome, what: string): Answer => {
      if ('lost' in outcome || outcome.answer.status !== 200) {
        throw new Error(
          `${what}: ${'lost' in outcome ? outcome.lost : `${outcome.answer.status} ${outcome.answer.text}`}`,
        );
      }
      return outcome.answer;
    };
    const before = await latestMailedCode(handle.db, admin).catch(() => null);
    expectOk(
      await call(instance(0), '/firebase', { method: 'POST', body: { email: admin }, address: address() }),
      'login link',
    );
    const linkCode = await mailedCodeAfter(admin, before);
    const linked = expectOk(
      await call(instance(1), '/auth', {
        method: 'POST',
        body: { token: linkCode, email: admin },
        address: address(),
      }),
      'link sign-in',
    );
    const pendingCookie = cookieOf(linked.text, sessionCookieName);
    const secret = base32Decode(demoAuthenticatorSecret(admin, hmacSha1));
    if (!pendingCookie || !secret) throw new Error('no pending sign-in');
    const code = totpCodeAt(secret, totpStepAt(Date.now()) * TOTP_PERIOD_SECONDS * 1000, hmacSha1);
    const proved = expectOk(
      await call(instance(0), '/api/second-factor/challenge', {
        method: 'POST',
        body: { code },
        cookie: pendingCookie,
        address: address(),
      }),
      'second factor',
    );
    const adminCookie = cookieOf(proved.text, sessionCookieName);
    if (!adminCookie) throw new Error('no admin session');
    const resetBefore = await latestMailedCode(handle.db, frontDesk).catch(() => null);
    expectOk(
      await call(instance(1), '/api/auth/password/reset-request', {
        method: 'POST',
        body: { email: frontDesk },
        address: address(),
      }),
      'password reset request',
    );
    const resetCode = await mailedCodeAfter(frontDesk, resetBefore);
    expectOk(
      await call(instance(0), '/api/auth/password/reset', {
        method: 'POST',
        body: { token: resetCode, password: frontDeskPassword },
        address: address(),
      }),
      'password reset',
    );

    const recorder = new LoadRecorder();
    const keyed: KeyedCall[] = [];
    const visibleAfterMs: number[] = [];
    const lagSamples: number[] = [];
    const acknowledgedCharges = new Set<string>();
    const acknowledgedRefunds = new Set<string>();
    const window = `start=${dayOf(30)}&end=${dayOf(-1)}`;
    const loadStarted = new Date();
    const endAt = performance.now() + loadSeconds * 1000;
    const isRunning = () => performance.now() < endAt;

    // Sends one keyed call until a definitive answer (another instance when one is lost), then once
    // more to the other instance: every answer of a key must be the same.
    const sendKeyed = async (
      kind: 'charge' | 'refund',
      first: Instance,
      pathName: string,
      body: object,
      cookie: string | undefined,
      payer: string,
      isConcurrentDuplicate: boolean,
    ): Promise<KeyedCall> => {
      const entry: KeyedCall = { kind, key: randomUUID(), answers: [], lostSends: 0 };
      keyed.push(entry);
      const send = async (target: Instance, label: string) => {
        const outcome = await call(target, pathName, {
          method: 'POST',
          body,
          address: payer,
          ...(cookie ? { cookie } : {}),
          headers: { 'idempotency-key': entry.key },
        });
        recorder.record(label, outcome);
        if ('lost' in outcome) entry.lostSends += 1;
        else entry.answers.push(outcome.answer);
        return outcome;
      };
      const untilDefinitive = async (start: Instance, label: string) => {
        let target = start;
        for (let tries = 0; tries < 100; tries += 1) {
          const outcome = await send(target, label);
          if (!('lost' in outcome) && isDefinitive(outcome.answer)) return outcome.answer;
          // Lost (the instance died under it) or still in flight: the other instance, shortly.
          target = 'lost' in outcome ? otherThan(target.name) : target;
          await sleep(100);
        }
        return undefined;
      };
      const firstAnswer = isConcurrentDuplicate
        ? (
            await Promise.all([
              untilDefinitive(first, kind),
              untilDefinitive(otherThan(first.name), `${kind} retry`),
            ])
          )[0]
        : await untilDefinitive(first, kind);
      if (!isConcurrentDuplicate) await untilDefinitive(otherThan(first.name), `${kind} retry`);
      if (firstAnswer?.status === 200) {
        const id = /"id":"([0-9a-f-]{36})"/.exec(bodyOf(firstAnswer.text))?.[1];
        if (id) (kind === 'charge' ? acknowledgedCharges : acknowledgedRefunds).add(id);
        if (id && kind === 'charge' && acknowledgedCharges.size % 5 === 0) void timeUntilVisible(id);
      }
      return entry;
    };
    // How long after its answer a charge can be read on the replica.
    const timeUntilVisible = async (id: string) => {
      const started = performance.now();
      for (;;) {
        const found = await replicaProbe.query('select 1 from transactions where id = $1', [id]);
        if (found.rowCount) {
          visibleAfterMs.push(performance.now() - started);
          return;
        }
        if (performance.now() - started > 30_000) return;
        await sleep(2);
      }
    };

    const loops: Promise<void>[] = [];
    const loop = (body: (round: number) => Promise<void>) => {
      loops.push(
        (async () => {
          for (let round = 0; isRunning(); round += 1) await body(round);
        })(),
      );
    };
    // Sign-ins: the password flow on one instance, the session used on the other.
    for (let vu = 0; vu < 2; vu += 1) {
      loop(async (round) => {
        const from = address();
        const signedIn = await call(instance(vu + round), '/api/auth/password/sign-in', {
          method: 'POST',
          body: { email: frontDesk, password: frontDeskPassword },
          address: from,
        });
        recorder.record('sign-in', signedIn);
        const cookie = 'lost' in signedIn ? undefined : cookieOf(signedIn.answer.text, sessionCookieName);
        if (!cookie) return;
        recorder.record(
          'session on the other',
          await call(instance(vu + round + 1), '/api/user', { cookie, address: from }),
        );
      });
    }
    for (let vu = 0; vu < 3; vu += 1) {
      loop(async (round) => {
        const page = round % 4;
        recorder.record(
          'report page',
          await call(instance(vu + round), `/api/v1/report?${window}&page=${page}&size=250`, {
            cookie: adminCookie,
            address: address(),
          }),
        );
      });
    }
    loop(async (round) => {
      recorder.record(
        'load all',
        await call(instance(round), `/api/v1/report?${window}&is_portal_request=true`, {
          cookie: adminCookie,
          address: address(),
          headers: { accept: 'application/x-ndjson' },
          countLines: true,
        }),
      );
    });
    loop(async (round) => {
      recorder.record(
        'stats',
        await call(instance(round + 1), '/api/stats', { cookie: adminCookie, address: address() }),
      );
    });
    for (let vu = 0; vu < 3; vu += 1) {
      loop(async (round) => {
        const payer = address();
        const target = instance(vu + round);
        const tokenized = await call(target, '/api/payment-frame/tokenize', {
          method: 'POST',
          body: { kind: 'card', number: '1111111111111117', expMonth: '12', expYear: '2030', cvv: '123' },
          address: payer,
        });
        recorder.record('tokenize', tokenized);
        if ('lost' in tokenized || tokenized.answer.status !== 200) return;
        const token = /"token":"([^"]+)"/.exec(tokenized.answer.text)?.[1];
        if (!token) return;
        const cents = 1000 + ((vu * 7919 + round * 104_729) % 9000);
        // Amounts ending in .13 are the sandbox's declines; they are kept (a decline is an answer too).
        const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        await sendKeyed(
          'charge',
          target,
          '/api/payment-frame/charge',
          { ...frameFor(amount), amount, method: 'credit_card', token },
          undefined,
          payer,
          round % 4 === 3,
        );
      });
    }
    for (let vu = 0; vu < 2; vu += 1) {
      loop(async (round) => {
        const id = refundable[(vu * 101 + round * 7) % refundable.length];
        if (!id) return;
        await sendKeyed(
          'refund',
          instance(vu + round),
          '/api/refund',
          { id, amount: '1.00' },
          adminCookie,
          address(),
          round % 4 === 1,
        );
      });
    }
    // The replica's replay lag, sampled through the run.
    loop(async () => {
      // Read one after the other, the replay position may pass the primary's read a moment before.
      lagSamples.push(Math.max(0, await replica.lagBytes().catch(() => Number.NaN)));
      await sleep(500);
    });
    // Partway, one instance is killed outright and started again on a new port.
    const chaos = (async () => {
      await sleep(loadSeconds * 400);
      const victim = instances[1];
      const victimServer = servers[1];
      if (!victim || !victimServer) return;
      victim.isUp = false;
      killedPid = victimServer.child.pid;
      victimServer.child.kill('SIGKILL');
      await victimServer.exited;
      const killedAt = performance.now();
      const restarted = await spawnServer(env, logPath);
      servers[1] = restarted;
      await untilReady(restarted, logPath);
      victim.baseUrl = restarted.baseUrl;
      victim.isUp = true;
      console.log(
        `[load] instance b killed (SIGKILL) and serving again after ${((performance.now() - killedAt) / 1000).toFixed(1)} s`,
      );
    })();
    await Promise.all([...loops, chaos]);
    const loadEnded = new Date();
    const elapsedSeconds = (loadEnded.getTime() - loadStarted.getTime()) / 1000;

    // The sign-in limit, counted for one client address spread over both instances and on one.
    const attemptsUntilRefused = async (spread: boolean) => {
      const from = address();
      for (let attempt = 1; attempt <= signInLimit + 5; attempt += 1) {
        const outcome = await call(instance(spread ? attempt : 0), '/api/auth/password/sign-in', {
          method: 'POST',
          body: { email: 'nobody.load@portico.example', password: 'not-the-password-1' },
          address: from,
        });
        if (!('lost' in outcome) && outcome.answer.status === 429) return attempt;
      }
      return Number.NaN;
    };
    const refusedSpread = await attemptsUntilRefused(true);
    const refusedOne = await attemptsUntilRefused(false);

    // Quiet: no call in flight; every job run of the load finished or still leased.
    await sleep(1500);
    const replay = await replica.waitForReplay(60_000);

    // 1. No 5xx.
    for (const error of recorder.serverErrors.slice(0, 5)) {
      violations.push(`${error.kind} answered ${error.status} on ${error.instance}: ${error.text}`);
    }
    if (recorder.serverErrors.length > 5)
      violations.push(`${recorder.serverErrors.length} 5xx answers in all`);

    // 2. Every key: one answer, the same wherever and however often it was sent; one payment row.
    const settled = await queryRows(
      handle.db,
      sql`select idempotency_key as key, operation, count(*) filter (where state = 'settled')::int as settled,
          count(*) filter (where state = 'pending')::int as pending,
          array_agg(result_transaction_id::text) filter (where state = 'settled') as results
        from payment_attempts where created_at >= ${loadStarted.toISOString()}::timestamptz group by 1, 2`,
    );
    const attemptsByKey = new Map(settled.map((row) => [String(row.key), row]));
    let unanswered = 0;
    let approvedKeys = 0;
    for (const entry of keyed) {
      const definitive = entry.answers.filter(isDefinitive);
      if (definitive.length === 0) {
        unanswered += 1;
        continue;
      }
      const firstAnswer = definitive[0];
      if (!firstAnswer) continue;
      const sameEverywhere = definitive.every(
        (answer) =>
          answer.status === firstAnswer.status &&
          (answer.status !== 200 || bodyOf(answer.text) === bodyOf(firstAnswer.text)),
      );
      if (!sameEverywhere) {
        violations.push(
          `${entry.kind} key ${entry.key} answered differently: ${definitive.map((a) => `${a.instance} ${a.status} ${bodyOf(a.text).slice(0, 120)}`).join(' | ')}`,
        );
      }
      // A payer's key is kept scoped to the merchant paid.
      const storedKey = entry.kind === 'charge' ? payerIdempotencyKey(merchant.id, entry.key) : entry.key;
      const row = attemptsByKey.get(storedKey);
      const settledRows = Number(row?.settled ?? 0);
      if (firstAnswer.status === 200) {
        approvedKeys += 1;
        if (settledRows !== 1)
          violations.push(`${entry.kind} key ${entry.key}: ${settledRows} settled payments`);
      } else if (settledRows !== 0) {
        violations.push(
          `${entry.kind} key ${entry.key} answered ${firstAnswer.status} but booked ${settledRows}`,
        );
      }
    }
    if (unanswered > 0) violations.push(`${unanswered} keys never got a definitive answer`);
    // A charge is approved or declined (the sandbox's .13 amounts); a refund approved or refused by its
    // rules. A malformed call is the bench's fault or the server's, never load.
    for (const [refusal, text] of recorder.firstRefusals) {
      if (/^(charge|refund)( retry)? 400$/.test(refusal)) violations.push(`${refusal}: ${text}`);
    }
    if (![...acknowledgedCharges].length) violations.push('no charge was approved');

    // 3. No acknowledged charge or refund missing; no payment row without its key's answer.
    const booked = await queryRows(
      handle.db,
      sql`select id::text as id, type from transactions where created_at >= ${loadStarted.toISOString()}::timestamptz
        and (client_id = ${merchant.id} or type = 'refund')`,
    );
    const bookedIds = new Set(booked.map((row) => String(row.id)));
    const missing = [...acknowledgedCharges, ...acknowledgedRefunds].filter((id) => !bookedIds.has(id));
    if (missing.length > 0)
      violations.push(`${missing.length} acknowledged payments missing: ${missing.slice(0, 3).join(', ')}`);
    const bookedCharges = booked.filter((row) => row.type !== 'refund').length;
    const bookedRefunds = booked.filter((row) => row.type === 'refund').length;
    if (bookedCharges !== acknowledgedCharges.size) {
      violations.push(`${bookedCharges} charges booked for ${acknowledgedCharges.size} acknowledged`);
    }
    if (bookedRefunds !== acknowledgedRefunds.size) {
      violations.push(`${bookedRefunds} refunds booked for ${acknowledgedRefunds.size} acknowledged`);
    }

    // 4. Every job period ran once: one row a period (the unique index), one attempt, none failed;
    // every minute slot of the load has its run of the every-minute jobs.
    const runs = await queryRows(
      handle.db,
      sql`select name, run_key, status::text as status, attempts, locked_by, (locked_until > now()) as is_leased
        from job_runs where run_key not like 'now:%'`,
    );
    const killedPrefix = killedPid === undefined ? null : `:${killedPid}:`;
    let runsOfKilled = 0;
    for (const run of runs) {
      const isOfKilled = killedPrefix !== null && String(run.locked_by ?? '').includes(killedPrefix);
      if (run.status === 'running' && isOfKilled) {
        // Its lease (15 minutes) has not run out: taken again then, by design (at least once).
        runsOfKilled += 1;
        continue;
      }
      if (run.status === 'running' && run.is_leased === true) continue;
      if (run.status !== 'succeeded' || Number(run.attempts) !== 1) {
        violations.push(`job ${run.name} ${run.run_key}: ${run.status} after ${run.attempts} attempts`);
      }
    }
    const duplicatePeriods = await queryRows(
      handle.db,
      sql`select name, run_key, count(*)::int as n from job_runs group by 1, 2 having count(*) > 1`,
    );
    for (const row of duplicatePeriods)
      violations.push(`job ${row.name} ${row.run_key} recorded ${row.n} times`);
    const slotsOf = (from: Date, to: Date) => {
      const slots: string[] = [];
      for (let at = Math.ceil(from.getTime() / 60_000) * 60_000; at + 3000 < to.getTime(); at += 60_000) {
        slots.push(new Date(at).toISOString().slice(0, 16));
      }
      return slots;
    };
    const minuteSlots = slotsOf(loadStarted, loadEnded);
    for (const job of ['data-sync.process', 'webhooks.deliver']) {
      for (const slot of minuteSlots) {
        if (!runs.some((run) => run.name === job && run.run_key === slot))
          violations.push(`job ${job} missed ${slot}`);
      }
    }

    // 5. The sign-in limit is one count for both instances.
    if (refusedSpread !== signInLimit + 1 || refusedOne !== signInLimit + 1) {
      violations.push(
        `sign-in limit: refused at attempt ${refusedSpread} over both instances, ${refusedOne} on one (limit ${signInLimit})`,
      );
    }

    // 6. Once replay has caught up, the replica's report equals the primary's, and so does the route's.
    const access: ReportAccess = { scope: { kind: 'all' }, advanced: { kind: 'all' } };
    const query = reportQuery.parse({ start: dayOf(30), end: dayOf(-1), page: '0', size: '250' });
    const [onPrimary, onReplica] = await Promise.all([
      reportPageJson(handle.db, access, query),
      reportPageJson(replicaHandle.db, access, query),
    ]);
    if (onPrimary !== onReplica) violations.push('the replica report page differs from the primary');
    const [rowsOnPrimary, rowsOnReplica] = await Promise.all([
      countReportRows(handle.db, reportWindowQuery(access, query)),
      countReportRows(replicaHandle.db, reportWindowQuery(access, query)),
    ]);
    if (rowsOnPrimary !== rowsOnReplica)
      violations.push(`report rows: ${rowsOnPrimary} on the primary, ${rowsOnReplica} on the replica`);
    const routeAnswer = await call(instance(0), `/api/v1/report?${window}&page=0&size=250`, {
      cookie: adminCookie,
      address: address(),
    });
    if ('lost' in routeAnswer || bodyOf(routeAnswer.answer.text) !== onPrimary) {
      violations.push('the report route answers other rows than the primary holds');
    }
    const loadAll = await call(instance(1), `/api/v1/report?${window}&is_portal_request=true`, {
      cookie: adminCookie,
      address: address(),
      headers: { accept: 'application/x-ndjson' },
      countLines: true,
    });
    if ('lost' in loadAll || Number(loadAll.answer.text) !== rowsOnPrimary) {
      violations.push(
        `Load All streamed ${'lost' in loadAll ? 'nothing' : loadAll.answer.text} rows of ${rowsOnPrimary}`,
      );
    }

    // Figures.
    console.log(
      `\nLoad: ${elapsedSeconds.toFixed(1)} s on two instances, ${recorder.answered()} answers, ` +
        `${(recorder.answered() / elapsedSeconds).toFixed(1)} calls/s; ${[...recorder.lost.values()].reduce((a, b) => a + b, 0)} calls lost to the kill (no answer)`,
    );
    const rows = [...recorder.byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
    console.log('kind                  calls   per s    p50 ms   p95 ms   p99 ms  statuses');
    for (const [kind, times] of rows) {
      const statuses = [...(recorder.statuses.get(kind) ?? new Map()).entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}:${n}`)
        .join(' ');
      const lost = recorder.lost.get(kind);
      console.log(
        `${kind.padEnd(20)} ${String(times.length).padStart(6)} ${(times.length / elapsedSeconds).toFixed(1).padStart(7)} ` +
          `${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${percentile(times, 99).toFixed(1).padStart(8)}  ${statuses}${lost ? ` lost:${lost}` : ''}`,
      );
    }
    const finiteLag = lagSamples.filter(Number.isFinite);
    console.log(
      `replica: a charge readable there ${percentile(visibleAfterMs, 50).toFixed(1)} ms (p50), ${percentile(visibleAfterMs, 95).toFixed(1)} ms (p95), ` +
        `${Math.max(...visibleAfterMs).toFixed(1)} ms (max) after its answer (${visibleAfterMs.length} sampled); ` +
        `replay behind by ${percentile(finiteLag, 50).toFixed(0)} bytes (p50), ${Math.max(...finiteLag).toFixed(0)} (max); caught up ${replay.waitedMs} ms after the load`,
    );
    const periods = runs.length;
    console.log(
      `jobs: ${periods} scheduled periods, ${minuteSlots.length} minute slots of the load checked, ${runsOfKilled} left leased by the killed instance`,
    );
    console.log(
      `keys: ${keyed.length} (${keyed.filter((k) => k.kind === 'charge').length} charges, ${keyed.filter((k) => k.kind === 'refund').length} refunds), ` +
        `${approvedKeys} approved, ${keyed.reduce((n, k) => n + k.answers.length, 0)} answers, ${keyed.reduce((n, k) => n + k.lostSends, 0)} sends lost to the kill; ` +
        `booked ${bookedCharges} charges and ${bookedRefunds} refunds`,
    );
    console.log(
      `sign-in limit: refused at attempt ${refusedSpread} over both instances, ${refusedOne} on one (limit ${signInLimit})`,
    );
    console.log(
      `report: ${rowsOnPrimary} rows in the window, replica ${onPrimary === onReplica ? 'equal' : 'DIFFERENT'}`,
    );
    for (const [refusal, text] of recorder.firstRefusals)
      console.log(`first ${refusal}: ${text.replace(/\n.*/s, '')}`);
    console.log(`whole run ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (violations.length > 0) {
      console.log(`\nLOAD VIOLATIONS (${violations.length}):`);
      for (const violation of violations.slice(0, 40)) console.log(`- ${violation}`);
    } else {
      console.log('\nLoad: every assertion held.');
    }
    return violations.length === 0;
  } catch (error) {
    console.error('[load] failed:', error);
    try {
      console.error(readFileSync(logPath, 'utf8').split('\n').slice(-40).join('\n'));
    } catch {}
    return false;
  } finally {
    await Promise.all(servers.map((server) => stopServer(server).catch(() => {})));
    await replicaProbe.end();
    await replicaHandle.close();
    await handle.close();
    replica.stop();
    primary.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
