import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sessionCookieName } from '@portico/contracts/auth/session';
import { reportStreamContentType } from '@portico/contracts/transactions/report';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import type { AppConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { hashSecretToken, newSecretToken } from '../apps/server/src/lib/secret-token';
import { reportStreamSql } from '../apps/server/src/modules/reporting/report-stream';
import {
  countReportRows,
  hierarchyClientIds,
  listSearchRows,
  type ReportWindowQuery,
  reportRowsSql,
} from '../apps/server/src/modules/reporting/reporting.repository';
import { reportTotalCap } from '../apps/server/src/modules/reporting/reporting.service';
import { insertSession } from '../apps/server/src/modules/session/session.repository';
import { spawnServer, stopServer, untilReady } from '../apps/server/test/server-process';
import { largeRun, recordFigure } from './scale';
import { compareInterleaved, median, medianMs, printTable } from './stats';

// Load All: the NDJSON stream of GET /api/v1/report through the real route over HTTP, against
// `COPY (…) TO STDOUT` of the same rows, window and order through pg. Budget: the stream moves at
// least half of COPY's rows per second, with the server's memory flat while it runs. Beside it, two
// figures the report relies on: the capped total and a month of one merchant's search.

const RATE_BUDGET = 0.5;
const SEARCH_BUDGET_MS = 100;
const WINDOW_DAYS = 90;
const RUNS = largeRun ? 3 : 5;

type Transfer = { ms: number; rows: number; bytes: number };

const dialect = new PgDialect({ casing: 'snake_case' });

// COPY takes no bind parameters: the bounds (timestamps we formatted ourselves) go in as literals.
function withLiterals(query: SQL): string {
  const { sql, params } = dialect.sqlToQuery(query);
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error('unexpected parameter');
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}

// The stream's own select: one text per row (the merchants' names are read once, apart).
function routeSelectSql(query: ReportWindowQuery): string {
  return withLiterals(reportStreamSql(query));
}

// The same rows, window and order as they are stored: the report's columns (with the merchant's
// names, joined per row), no JSON.
const storedColumns = `t.id, t.created_at, t.client_id, t.type, t.action, t.action_mode, t.amount_cents,
  t.fee_cents, t.surcharge_cents, t.payment_status, t.request_status, t.status, t.card_brand, t.card_type,
  t.pro_pay_status, t.token, t.original_transaction_id, t.settlement_amount_cents, t.settlement_date, t.meta,
  t.api_response, t.third_party_api_response, m.name, m.dba_name, p.name`;

function storedColumnsSql(query: ReportWindowQuery): string {
  const routeSql = withLiterals(reportRowsSql(query));
  const from = routeSql.indexOf('from transactions t');
  if (from < 0) throw new Error('unexpected report query');
  return `select ${storedColumns} ${routeSql.slice(from)}`;
}

function countLines(chunk: Buffer): number {
  let lines = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  return lines;
}

async function copyOnce(pool: pg.Pool, select: string): Promise<Transfer> {
  const client = await pool.connect();
  try {
    const started = process.hrtime.bigint();
    let rows = 0;
    let bytes = 0;
    await new Promise<void>((resolve, reject) => {
      const stream = client.query(copyTo(`copy (${select}) to stdout`));
      stream.on('data', (chunk: Buffer) => {
        rows += countLines(chunk);
        bytes += chunk.length;
      });
      stream.on('end', () => resolve());
      stream.on('error', reject);
    });
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, rows, bytes };
  } finally {
    client.release();
  }
}

// The browser's side runs in a process of its own, as a browser does: the server's event loop does
// only the server's work, and the server's memory holds none of the reader's.
// The reader counts the lines and drops each chunk; its answer is one JSON line on its stdout.
const readerSource = `
const http = require('node:http');
const { url, headers } = JSON.parse(process.env.BENCH_READER);
const answer = (message) => process.stdout.write(JSON.stringify(message));
const started = process.hrtime.bigint();
const request = http.get(url, { headers }, (response) => {
  let rows = 0;
  let bytes = 0;
  response.on('data', (chunk) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
    bytes += chunk.length;
  });
  response.on('end', () => answer({
    status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, rows, bytes,
  }));
  response.on('error', (error) => answer({ error: String(error) }));
});
request.on('error', (error) => answer({ error: String(error) }));
`;

const readerAnswer = z.union([
  z.object({ status: z.number(), ms: z.number(), rows: z.number(), bytes: z.number() }),
  z.object({ error: z.string() }),
]);

async function streamOnce(url: string, cookie: string, sampleMemory: () => void): Promise<Transfer> {
  const reader = spawn(process.execPath, ['-e', readerSource], {
    env: {
      ...process.env,
      BENCH_READER: JSON.stringify({ url, headers: { cookie, accept: reportStreamContentType } }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  reader.stdout.setEncoding('utf8');
  reader.stdout.on('data', (text: string) => {
    output += text;
  });
  const sampler = setInterval(sampleMemory, 50);
  sampleMemory();
  try {
    // 'close' comes after the reader's stdout has been read to its end.
    const [code] = await once(reader, 'close');
    if (code !== 0) throw new Error(`the reader exited with ${code}`);
    const answer = readerAnswer.parse(JSON.parse(output));
    if ('error' in answer) throw new Error(answer.error);
    if (answer.status !== 200) throw new Error(`stream answered ${answer.status}`);
    return { ms: answer.ms, rows: answer.rows, bytes: answer.bytes };
  } finally {
    clearInterval(sampler);
    reader.kill();
  }
}

async function adminCookie(handle: DatabaseHandle, pool: pg.Pool, providerDomain: string): Promise<string> {
  const admin = await pool.query<{ id: string }>('select id from users where email = $1', [
    `admin@${providerDomain}`,
  ]);
  const userId = admin.rows[0]?.id;
  if (!userId) throw new Error('The seeded database has no admin');
  const token = newSecretToken();
  await insertSession(handle.db, {
    id: hashSecretToken(token),
    userId,
    idleMinutes: 60,
    absoluteHours: 12,
    ip: null,
    userAgent: 'bench',
  });
  return `${sessionCookieName}=${token}`;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

// The server's resident memory as Linux counts it (VmRSS of /proc/<pid>/status), in bytes.
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  const kb = Number(line?.split(/\s+/)[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`);
  return kb * 1024;
}

async function benchStream(
  handle: DatabaseHandle,
  pool: pg.Pool,
  config: AppConfig,
  startAt: Date,
  endAt: Date,
): Promise<boolean> {
  // The server in a process of its own, as it runs in production: its memory is then the server's
  // alone, not the benchmark's (the seed's leftovers, the COPY readers), whose collections moved the
  // figure by 100 MB between runs.
  if (!config.databaseUrl) throw new Error('The stream benchmark needs PostgreSQL');
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portico-stream-'));
  const logPath = path.join(workDir, 'server.log');
  const server = await spawnServer(
    {
      ...process.env,
      // Production's settings but for its SMTP requirement (no mail is sent here).
      NODE_ENV: 'test',
      DATABASE_URL: config.databaseUrl,
      DATA_DIR: path.join(workDir, 'data'),
      DATA_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO_DATA: 'false',
      JOBS: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    logPath,
  );
  try {
    await untilReady(server, logPath);
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('The server has no process id');
    const cookie = await adminCookie(handle, pool, config.providerDomain);
    const day = (at: Date) => at.toISOString().slice(0, 10);
    const urlOf = (from: Date, to: Date) =>
      `${server.baseUrl}/api/v1/report?is_portal_request=true&start=${day(from)}&end=${day(to)}` +
      `&start_at=${from.toISOString()}&end_at=${to.toISOString()}`;
    const url = urlOf(startAt, endAt);
    const query: ReportWindowQuery = { scope: { kind: 'all' }, startAt, endAt };

    // The budget is against the first: COPY of the same rows as they are stored. The second, COPY of
    // the select the stream runs (PostgreSQL already writing one text per row), is shown beside it.
    const baselines = [
      { name: 'COPY of the stored columns', select: storedColumnsSql(query), budgeted: true },
      {
        name: "COPY of the route's own select (one text per row)",
        select: routeSelectSql(query),
        budgeted: false,
      },
    ];
    // Warm every path once, then rotate who goes first.
    for (const baseline of baselines) await copyOnce(pool, baseline.select);
    await streamOnce(url, cookie, () => {});
    const copies: Transfer[][] = baselines.map(() => []);
    const streams: Transfer[] = [];
    // The server's resident memory, sampled every 50 ms while each stream runs, against where it stood
    // after the warm-up stream.
    const rssBefore = residentBytes(pid);
    const rssMaxPerStream: number[] = [];
    const sampledStream = async (streamUrl: string) => {
      let rssMax = 0;
      const transfer = await streamOnce(streamUrl, cookie, () => {
        rssMax = Math.max(rssMax, residentBytes(pid));
      });
      rssMaxPerStream.push(rssMax);
      return transfer;
    };
    for (let i = 0; i < RUNS; i++) {
      if (i % 2)
        for (const [b, baseline] of baselines.entries())
          copies[b]?.push(await copyOnce(pool, baseline.select));
      streams.push(await sampledStream(url));
      if (i % 2 === 0)
        for (const [b, baseline] of baselines.entries())
          copies[b]?.push(await copyOnce(pool, baseline.select));
    }
    const rows = streams[0]?.rows ?? 0;
    const streamMs = median(streams.map((s) => s.ms));
    const streamRate = rows / (streamMs / 1000);
    const sameRows =
      copies.every((runs) => runs.every((c) => c.rows === rows)) && streams.every((s) => s.rows === rows);
    let withinBudget = sameRows;
    const table: (string | number)[][] = baselines.map((baseline, b) => {
      const runs = copies[b] ?? [];
      const copyMs = median(runs.map((c) => c.ms));
      const ratio = streamRate / (rows / (copyMs / 1000));
      if (baseline.budgeted) {
        withinBudget &&= ratio >= RATE_BUDGET;
        recordFigure('Load All, rows/s', 'rate', streamRate, rows / (copyMs / 1000));
      }
      const verdict = ratio >= RATE_BUDGET ? 'ok' : 'OVER';
      return [
        baseline.name,
        copyMs,
        Math.round(rows / (copyMs / 1000)),
        mb(runs[0]?.bytes ?? 0),
        ratio,
        baseline.budgeted ? verdict : '(not budgeted)',
      ];
    });
    table.push([
      'GET /api/v1/report NDJSON over HTTP',
      streamMs,
      Math.round(streamRate),
      mb(streams[0]?.bytes ?? 0),
      '',
      '',
    ]);
    console.log(
      `\nLoad All (admin, ${WINDOW_DAYS}-day window, ${rows} rows): NDJSON stream vs COPY TO STDOUT, median of ${RUNS}` +
        '\n(ratio: stream rows/s over COPY rows/s)',
    );
    printTable(['path', 'ms', 'rows/s', 'MB', 'ratio', `>= ${RATE_BUDGET}`], table);
    // Flat memory: a stream of every row in the table (several times the bytes) peaks where the
    // window's streams did.
    const everything = await sampledStream(urlOf(new Date('2000-01-01T00:00:00.000Z'), endAt));
    const perRun = rssMaxPerStream.slice(0, -1).map((rss) => mb(rss).toFixed(0));
    recordFigure('Load All, rows in the window', 'info', rows);
    recordFigure(
      'Load All, RSS growth MB (window streams)',
      'stream-memory-mb',
      mb(Math.max(...rssMaxPerStream.slice(0, -1)) - rssBefore),
    );
    recordFigure(
      'Load All, RSS growth MB (every row)',
      'stream-memory-mb',
      mb((rssMaxPerStream.at(-1) ?? 0) - rssBefore),
    );
    recordFigure('Load All, every row, rows/s', 'info', Math.round(everything.rows / (everything.ms / 1000)));
    console.log(
      `Server RSS: ${mb(rssBefore).toFixed(0)} MB before; at most ${perRun.join(', ')} MB during the ` +
        `${RUNS} streams of ${mb(streams[0]?.bytes ?? 0).toFixed(0)} MB; at most ` +
        `${mb(rssMaxPerStream.at(-1) ?? 0).toFixed(0)} MB while streaming all ${everything.rows} rows ` +
        `(${mb(everything.bytes).toFixed(0)} MB, ${Math.round(everything.rows / (everything.ms / 1000))} rows/s)` +
        (sameRows ? '' : ' (ROW COUNTS DIFFER)'),
    );
    return withinBudget;
  } finally {
    await stopServer(server);
    await rm(workDir, { recursive: true, force: true });
  }
}

// The paged report's total: count(*) over at most cap + 1 index entries, against the exact count.
async function benchTotal(handle: DatabaseHandle, startAt: Date, endAt: Date): Promise<void> {
  const query: ReportWindowQuery = { scope: { kind: 'all' }, startAt, endAt };
  const result = await compareInterleaved(
    () => countReportRows(handle.db, query, reportTotalCap),
    () => countReportRows(handle.db, query),
    { warmup: 2, runs: 9 },
  );
  const exact = await countReportRows(handle.db, query);
  console.log(`\nReport total (admin, ${WINDOW_DAYS}-day window, ${exact} rows), median ms`);
  printTable(
    ['count', 'ms'],
    [
      [`capped at ${reportTotalCap} (what the page answers)`, result.subjectMs],
      ['exact', result.baselineMs],
    ],
  );
}

// Spec budget: search over a month for one merchant under 100 ms (the busiest merchant, all rows).
async function benchSearch(handle: DatabaseHandle, pool: pg.Pool, endAt: Date): Promise<boolean> {
  const busiest = await pool.query<{ client_id: string }>(
    'select client_id from transactions group by client_id order by count(*) desc limit 1',
  );
  const merchantId = busiest.rows[0]?.client_id;
  if (!merchantId) throw new Error('The seeded database has no merchants');
  const start = new Date(endAt.getTime() - 30 * 86_400_000);
  const criteria = { start_date: start.toISOString(), end_date: endAt.toISOString() };
  const scopes = [
    { name: 'one merchant', clientIds: [merchantId] },
    {
      name: "one merchant's parent hierarchy",
      clientIds: await hierarchyClientIds(
        handle.db,
        (await pool.query<{ parent_id: string }>('select parent_id from clients where id = $1', [merchantId]))
          .rows[0]?.parent_id ?? merchantId,
      ),
    },
  ];
  const rows: (string | number)[][] = [];
  let withinBudget = true;
  for (const scope of scopes) {
    const query = {
      scope: { kind: 'clients' as const, clientIds: scope.clientIds },
      criteria,
      limit: 10_001,
    };
    const found = (await listSearchRows(handle.db, query)).length;
    const ms = await medianMs(() => listSearchRows(handle.db, query), { warmup: 0, runs: 9 });
    if (scope.name === 'one merchant') withinBudget &&= ms <= SEARCH_BUDGET_MS;
    rows.push([
      scope.name,
      found,
      ms,
      // The search budget names one merchant; a hierarchy is printed beside it, unbudgeted.
      scope.name === 'one merchant' ? (ms <= SEARCH_BUDGET_MS ? 'ok' : 'OVER') : 'no budget',
    ]);
  }
  console.log('\nSearch over 30 days (repository, all matching rows), median ms');
  printTable(['scope', 'rows', 'ms', `<= ${SEARCH_BUDGET_MS}`], rows);
  return withinBudget;
}

export async function benchNdjsonStream(
  handle: DatabaseHandle,
  pool: pg.Pool,
  config: AppConfig,
  endAt: Date,
): Promise<boolean> {
  const startAt = new Date(endAt.getTime() - WINDOW_DAYS * 86_400_000);
  const streamOk = await benchStream(handle, pool, config, startAt, endAt);
  await benchTotal(handle, startAt, endAt);
  const searchOk = await benchSearch(handle, pool, endAt);
  return streamOk && searchOk;
}
