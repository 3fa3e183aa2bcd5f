import fs from 'node:fs';
import path from 'node:path';
import { permissionNames } from '@portico/contracts/access/permission-names';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { housekeepingJob } from '../jobs/housekeeping.job';
import type { DatabaseHandle } from './client';
import { ensureTransactionPartitions, migrationsFolder, runMigrations } from './migrate';
import { queryRows } from './sql-rows';

let database: DatabaseHandle;

// From scratch: the other test files start from a migrated template, so this file is where the real
// migrations run on an empty database.
beforeAll(async () => {
  database = await openTestDatabase({ fresh: true });
});
afterAll(() => database.close());

const rows = (query: SQL) => queryRows(database.db, query);

const clientId = '00000000-0000-4000-8000-00000000abcd';

async function insertClient() {
  await database.db.execute(sql`
    insert into clients (id, name, api_key_hash, api_key_last4, public_key)
    values (${clientId}, 'Partition Test', 'k-1', 'k-1', 'p-1')
    on conflict do nothing`);
}

describe('migrations', () => {
  it('finds drizzle/ beside the server package.json', () => {
    const folder = migrationsFolder();
    expect(fs.existsSync(path.join(folder, 'meta', '_journal.json'))).toBe(true);
    expect(fs.existsSync(path.join(folder, '..', 'package.json'))).toBe(true);
  });

  it('applies again without error or change', async () => {
    const before = await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    await runMigrations(database);
    const after = await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(after).toEqual(before);
    // One row per migration of the journal: every one applied, none twice.
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(before[0]?.n).toBe(journal.entries.length);
  });

  it('gives the other test files a copy with the same tables, columns and indexes', async () => {
    // Partitions come and go with the month and with the tests below, so they are left out.
    const schemaOf = (db: DatabaseHandle['db']) =>
      queryRows(
        db,
        sql`select table_schema, table_name, column_name, data_type, column_default, is_nullable
          from information_schema.columns
          where table_schema in ('public', 'drizzle')
            and table_name not in (select relname from pg_class where relispartition)
          union all
          select schemaname, tablename, indexname, indexdef, null, null from pg_indexes
          where schemaname in ('public', 'drizzle')
            and indexname not in (select relname from pg_class where relispartition)
          order by 1, 2, 3`,
      );
    const copy = await openTestDatabase();
    try {
      const copied = await schemaOf(copy.db);
      expect(copied.length).toBeGreaterThan(100);
      expect(copied).toEqual(await schemaOf(database.db));
    } finally {
      await copy.close();
    }
  });

  it('refuses a driver that does not match the database', async () => {
    const wrong = database.driver === 'pglite' ? 'postgres' : 'pglite';
    await expect(runMigrations(database.db, wrong)).rejects.toThrow('does not match driver');
  });

  it("loads the product's permission names exactly", async () => {
    const names = await rows(sql`select name from permissions order by name collate "C"`);
    expect(names.map((r) => r.name)).toEqual([...permissionNames].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('loads real four-digit MCC codes with base card rates, and the timezones', async () => {
    const mcc = await rows(sql`select code, card_rate from mcc_codes`);
    expect(mcc.length).toBeGreaterThanOrEqual(40);
    for (const row of mcc) {
      expect(row.code).toMatch(/^\d{4}$/);
      expect(row.card_rate).toMatch(/^\d+\.\d{2}\+\d+\.\d{2}$/);
    }
    const zones = await rows(sql`select name from timezones order by sort_order`);
    expect(zones[0]?.name).toBe('America/New_York');
  });
});

describe('transactions partitioning', () => {
  it('is a range-partitioned table with monthly partitions around now and a default', async () => {
    const kind = await rows(sql`select relkind from pg_class where relname = 'transactions'`);
    expect(kind[0]?.relkind).toBe('p');
    const parts = await rows(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'transactions'::regclass`);
    const names = parts.map((p) => p.name);
    const now = new Date();
    const current = `transactions_y${now.getUTCFullYear()}m${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(names).toContain(current);
    expect(names).toContain('transactions_default');
    expect(names.length).toBe(17);
  });

  it('puts the primary key on (id, created_at) and indexes every partition', async () => {
    const indexes = await rows(sql`
      select indexname from pg_indexes where tablename = 'transactions_default' order by indexname`);
    // The parent's indexes, each on every partition (migration 0009 added the risk check's, the global
    // search's migration its e-mail prefix and last 4 with amount).
    const parentIndexes = await rows(sql`
      select indexname from pg_indexes where tablename = 'transactions' order by indexname`);
    expect(indexes.length).toBe(11);
    expect(indexes.length).toBe(parentIndexes.length);
  });

  it('creates a missing month idempotently and moves rows out of the default partition', async () => {
    await insertClient();
    await database.db.execute(sql`
      insert into transactions (client_id, type, amount_cents, created_at)
      values (${clientId}, 'charge', 1234, '2040-05-17T12:00:00Z')`);
    const before = await rows(sql`select count(*)::int as n from transactions_default`);
    expect(before[0]?.n).toBe(1);

    await ensureTransactionPartitions(database.db, '2040-05-01', '2040-06-30');
    await ensureTransactionPartitions(database.db, '2040-05-01', '2040-06-30');

    const moved = await rows(sql`select count(*)::int as n from transactions_y2040m05`);
    const left = await rows(sql`select count(*)::int as n from transactions_default`);
    const total = await rows(sql`select count(*)::int as n from transactions where amount_cents = 1234`);
    expect(moved[0]?.n).toBe(1);
    expect(left[0]?.n).toBe(0);
    expect(total[0]?.n).toBe(1);
    const june = await rows(sql`select to_regclass('transactions_y2040m06')::text as name`);
    expect(june[0]?.name).toBe('transactions_y2040m06');
  });

  it('uses UTC month bounds whatever the session time zone', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/Los_Angeles'`);
      await ensureTransactionPartitions(tx, '2041-01-01', '2041-01-31');
    });
    const bound = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      return queryRows(
        tx,
        sql`select pg_get_expr(c.relpartbound, c.oid) as bound from pg_class c where c.relname = 'transactions_y2041m01'`,
      );
    });
    expect(bound[0]?.bound).toBe("FOR VALUES FROM ('2041-01-01 00:00:00+00') TO ('2041-02-01 00:00:00+00')");
  });

  it('keeps the window moving without a restart: housekeeping makes the month ahead that is missing', async () => {
    const ahead = new Date();
    ahead.setUTCDate(1);
    ahead.setUTCMonth(ahead.getUTCMonth() + 2);
    const name = `transactions_y${ahead.getUTCFullYear()}m${String(ahead.getUTCMonth() + 1).padStart(2, '0')}`;
    await database.db.execute(sql.raw(`drop table ${name}`));
    const job = housekeepingJob();
    const now = new Date();
    const first = await job.run({ db: database.db, runKey: 'test', attempt: 1, now });
    expect(first).toMatchObject({ newPartitions: 1 });
    expect((await rows(sql`select to_regclass(${name})::text as name`))[0]?.name).toBe(name);
    const again = await job.run({ db: database.db, runKey: 'test-again', attempt: 1, now });
    expect(again).toMatchObject({ newPartitions: 0 });
  });
});

describe('audit log', () => {
  it('is append-only', async () => {
    await database.db.execute(sql`insert into audit_log (action, outcome) values ('test.event', 'success')`);
    await expect(database.db.execute(sql`update audit_log set action = 'changed'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
