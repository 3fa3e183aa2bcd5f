import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/client';
import { queryRows } from '../../db/sql-rows';
import { listReportPage, listUndoesOf } from './reporting.repository';

// A transaction some later row names as its original carries has_follow_ups (trigger
// transactions_mark_originals), whichever way the rows arrive: one at a time, or the original and its
// void in one statement. The report looks up the voids and refunds of flagged rows only, so a row
// left unflagged would lose its undone_by.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function insertPayment(clientId: string, cents: number, at: string, originalId?: string) {
  const [row] = await queryRows(
    database.db,
    sql`insert into transactions (client_id, type, action, action_mode, amount_cents, payment_status, status,
        processor, payment_method, original_transaction_id, created_at)
      values (${clientId}, ${originalId ? 'refund' : 'charge'}, ${originalId ? 'refund' : 'sale'},
        ${originalId ? 'refund' : 'charge'}, ${cents}, true, 'Approved', 'fis', 'card', ${originalId ?? null},
        ${at}::timestamptz)
      returning id::text as id`,
  );
  return String(row?.id);
}

async function flags(clientId: string) {
  const rows = await queryRows(
    database.db,
    sql`select id::text as id, has_follow_ups as flagged from transactions where client_id = ${clientId}`,
  );
  return new Map(rows.map((row) => [String(row.id), row.flagged === true]));
}

describe('has_follow_ups', () => {
  it('is set on the original of a refund written alone and of a void written with it, never on others', async () => {
    const merchant = await buildClient(database.db);
    const refunded = await insertPayment(merchant.id, 5_000, minutesAgo(30));
    const untouched = await insertPayment(merchant.id, 7_000, minutesAgo(25));
    const refund = await insertPayment(merchant.id, 2_000, minutesAgo(20), refunded);
    const voided = randomUUID();
    await database.db.execute(
      sql`insert into transactions (id, client_id, type, action, action_mode, amount_cents, payment_status, status,
          processor, payment_method, original_transaction_id, created_at)
        values (${voided}, ${merchant.id}, 'charge', 'sale', 'charge', 3000, true, 'Approved', 'fis', 'card', null,
            ${minutesAgo(15)}::timestamptz),
          (${randomUUID()}, ${merchant.id}, 'void', 'void', 'void', 3000, true, 'Approved', 'fis', 'card', ${voided},
            ${minutesAgo(14)}::timestamptz)`,
    );

    const flagged = await flags(merchant.id);
    expect(flagged.get(refunded)).toBe(true);
    expect(flagged.get(voided)).toBe(true);
    expect(flagged.get(untouched)).toBe(false);
    expect(flagged.get(refund)).toBe(false);
    expect([...flagged.values()].filter(Boolean)).toHaveLength(2);

    // The report's rows give their undoes from the flag: both originals', nothing for the others.
    const page = await listReportPage(database.db, {
      scope: { kind: 'clients', clientIds: [merchant.id] },
      startAt: new Date(Date.now() - 3_600_000),
      endAt: new Date(Date.now() + 60_000),
      page: 0,
      size: 50,
    });
    expect(page).toHaveLength(5);
    const undoes = await listUndoesOf(database.db, page);
    expect(undoes.map((undo) => undo.originalId).sort()).toEqual([refunded, voided].sort());
    expect(
      await listUndoesOf(
        database.db,
        page.filter((line) => !line.includes(refunded) && !line.includes(voided)),
      ),
    ).toEqual([]);
  });
});
