import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { count, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicAccess } from '../../src/access/route-access';
import { buildApp, loggerOptions } from '../../src/app';
import { notes } from '../../src/db/schema/notes';
import { defaultClientOf, sessionCookieFor } from '../auth-helpers';
import { testConfig } from '../build-test-app';
import { demo } from '../demo-data';
import { openTestDatabase } from '../test-database';

// A NUL character used to reach PostgreSQL (which cannot store it) and come back as a 500,
// and the error log then held the failed query's parameters: note text, e-mail addresses. Now the one
// string rule refuses it at the edge with a 400, and database errors are logged without their values.

const secretText = 'Customer Ada Lovelace ada@example.com';
const logLines: string[] = [];

// A route that fails inside the database with a customer's words among the parameters.
const failingQueryRoute: FastifyPluginAsync = async (app) => {
  app.get('/api/test/failing-query', { config: { access: publicAccess } }, async () => {
    await app.db.execute(sql`select ${secretText}::uuid`);
    return { status: true };
  });
};

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let cookie: string;
let harborLane: string;

beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // A stand-in portal build, so /app serves a page as in production.
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'portico-nul-web-'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Portico page</title>');
  app = await buildApp({
    config: { ...testConfig(), webDistDir },
    database,
    logger: { ...loggerOptions('info'), stream },
    extraRoutes: [failingQueryRoute],
  });
  await app.ready();
  cookie = await sessionCookieFor(app.db, demo.owner);
  harborLane = await defaultClientOf(app.db, demo.owner);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function noteCount() {
  const [row] = await app.db.select({ n: count() }).from(notes);
  return row?.n ?? 0;
}

function expectRefusedAsInvalid(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(400);
  expect(JSON.parse(res.body).error.message).toBe('The request is not valid');
}

describe('a NUL character', () => {
  it('in a note is refused with 400 and no note is written', async () => {
    const before = await noteCount();
    const res = await app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { cookie },
      payload: { comment: 'call back\u0000 tomorrow', client_id: harborLane },
    });
    expectRefusedAsInvalid(res);
    expect(await noteCount()).toBe(before);
  });

  it('in the report search is refused with 400', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/report?start=2025-01-01&end=2025-01-31&search=${encodeURIComponent('email=a\u0000@example.com')}`,
      headers: { cookie },
    });
    expectRefusedAsInvalid(res);
  });

  it('in a search field is refused with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/report/search',
      headers: { cookie },
      payload: {
        start_date: '2025-01-01T00:00:00.000Z',
        end_date: '2025-01-31T23:59:59.000Z',
        customer_last_name: 'Love\u0000lace',
      },
    });
    expectRefusedAsInvalid(res);
  });

  it('in a sign-in e-mail address is refused with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/firebase',
      payload: { email: 'ada\u0000@example.com' },
    });
    expectRefusedAsInvalid(res);
  });

  it('in a vault search, which goes out with the session statement, is refused with 400 before any query', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/payee/all?first_name=a%00b',
      headers: { cookie: await sessionCookieFor(app.db, demo.dental) },
    });
    expectRefusedAsInvalid(res);
  });

  it('in a path parameter is refused with 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payee/a%00b', headers: { cookie } });
    expectRefusedAsInvalid(res);
  });

  it("in a portal page's address is left to the page (no 400 instead of the page)", async () => {
    const res = await app.inject({ method: 'GET', url: '/app/verify-email?oobCode=%E2%80%AE%00xxxx' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Portico page</title>');
  });

  it('never gives a 500', () => {
    expect(logLines.join('')).not.toContain('"statusCode":500');
  });
});

describe('a failed query', () => {
  it('answers a generic 500 and logs the SQL state, not the parameters', async () => {
    logLines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/test/failing-query' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('Ada');
    const logged = logLines.join('');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('Lovelace');
    expect(logged).not.toContain('ada@example.com');
  });
});
