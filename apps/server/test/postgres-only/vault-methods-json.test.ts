import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { databaseUrlOf, withAdminClient } from '../postgres-admin';

// A customer's methods_json (migration 0020) is written by the database whenever
// its methods change. Two transactions that add a method to one customer at once must both show in
// it: the second waits for the customer's row and writes the text on a fresh snapshot, which sees the
// first one's method. PostgreSQL only: two connections at once (PGlite has one).

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
let databaseName: string;
let handle: DatabaseHandle;
let databaseUrl: string;

beforeAll(async () => {
  if (!adminUrl) throw new Error('this test runs on the api-postgres tier (TEST_DATABASE_URL)');
  databaseName = `portico_vault_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${databaseName}`));
  databaseUrl = databaseUrlOf(adminUrl, databaseName);
  handle = await openDatabase({ databaseUrl });
  await runMigrations(handle);
});

afterAll(async () => {
  await handle?.close();
  await withAdminClient(adminUrl, (client) =>
    client.query(`drop database if exists ${databaseName} with (force)`),
  );
});

it('keeps both methods two concurrent transactions add to one customer', async () => {
  const customerId = randomUUID();
  const setup = new pg.Client({ connectionString: databaseUrl });
  const first = new pg.Client({ connectionString: databaseUrl });
  const second = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([setup.connect(), first.connect(), second.connect()]);
  try {
    const client = await setup.query<{ id: string }>(
      `insert into clients (name, api_key_hash, api_key_last4, public_key)
        values ('Concurrent Merchant', $1, right($1, 4), $2) returning id`,
      [randomUUID(), randomUUID()],
    );
    await setup.query(`insert into vault_customers (id, client_id, last_name) values ($1, $2, 'Both')`, [
      customerId,
      client.rows[0]?.id,
    ]);
    const add = (connection: pg.Client, last4: string) =>
      connection.query(
        `insert into vault_payment_methods (customer_id, token, issuer, last4, exp_month, exp_year)
         values ($1, $2, 'VISA', $3, 1, 2031)`,
        [customerId, `VISA-${last4}-01-2031`, last4],
      );
    const secondPid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    await first.query('begin');
    await add(first, '1111');
    await second.query('begin');
    // Waits for the first transaction, which holds the customer's row since its trigger wrote it.
    const secondAdds = add(second, '2222');
    // The second really waits on a lock (else this test proves nothing about the race).
    let waitsOn: string | null = null;
    for (let tries = 0; tries < 100 && waitsOn !== 'Lock'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const activity = await setup.query<{ wait_event_type: string | null }>(
        'select wait_event_type from pg_stat_activity where pid = $1',
        [secondPid],
      );
      waitsOn = activity.rows[0]?.wait_event_type ?? null;
    }
    expect(waitsOn).toBe('Lock');
    await first.query('commit');
    await secondAdds;
    await second.query('commit');
    const stored = await setup.query<{ methods_json: string }>(
      'select methods_json from vault_customers where id = $1',
      [customerId],
    );
    const methods: { last4: string }[] = JSON.parse(`[${stored.rows[0]?.methods_json ?? ''}]`);
    expect(methods.map((method) => method.last4).sort()).toEqual(['1111', '2222']);
  } finally {
    await Promise.all([setup.end(), first.end(), second.end()]);
  }
});
