import {
  grossAmountCentsOfTransaction,
  isFailedPayment,
  type TransactionMoneyFacts,
} from '@portico/contracts/transactions/gross-net';
import {
  type ActionMode,
  actionModes,
  type ProPayStatus,
  proPayStatuses,
} from '@portico/contracts/transactions/transaction-enums';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildClient } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/client';
import { queryRows } from '../../db/sql-rows';
import { grossCentsSql, isNotFailedPaymentSql } from './gross-sql';

// The SQL the dashboard, the seeded ledgers and the stats sum with must give, row by row, what the
// contracts gross rule gives, for every action mode, payment status and ProPay status.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const cases: TransactionMoneyFacts[] = [];
for (const actionMode of [...actionModes, null] as (ActionMode | null)[]) {
  for (const paymentStatus of [true, false, null]) {
    for (const proPayStatus of [null, ...proPayStatuses] as (ProPayStatus | null)[]) {
      cases.push({ actionMode, paymentStatus, proPayStatus, amountCents: 12_345, feeCents: 321 });
    }
  }
}

describe('grossCentsSql', () => {
  it('agrees with the contracts gross rule on every combination', async () => {
    const merchant = await buildClient(database.db);
    for (const [index, facts] of cases.entries()) {
      await database.db.execute(sql`
        insert into transactions (client_id, type, action_mode, amount_cents, fee_cents, payment_status,
          pro_pay_status, action, created_at)
        values (${merchant.id}::uuid, 'charge', ${facts.actionMode}, ${facts.amountCents}, ${facts.feeCents},
          ${facts.paymentStatus}, ${facts.proPayStatus}, ${String(index)}, now())`);
    }
    const rows = await queryRows(
      database.db,
      sql`select t.action as case_index, ${sql.raw(grossCentsSql('t'))}::bigint::text as gross,
          ${sql.raw(isNotFailedPaymentSql('t'))} as is_not_failed
        from transactions t where t.client_id = ${merchant.id}::uuid`,
    );
    expect(rows).toHaveLength(cases.length);
    const row = z.object({
      case_index: z.coerce.number(),
      gross: z.coerce.number(),
      is_not_failed: z.boolean(),
    });
    for (const parsed of rows.map((r) => row.parse(r))) {
      const facts = cases[parsed.case_index];
      if (!facts) throw new Error('unknown case');
      expect(parsed.gross, JSON.stringify(facts)).toBe(grossAmountCentsOfTransaction(facts));
      expect(parsed.is_not_failed, JSON.stringify(facts)).toBe(!isFailedPayment(facts.paymentStatus));
    }
  });

  it('counts a returned ACH item as -25.00 even when its payment failed', async () => {
    const merchant = await buildClient(database.db);
    await database.db.execute(sql`
      insert into transactions (client_id, type, action_mode, amount_cents, payment_status, pro_pay_status)
      values (${merchant.id}::uuid, 'ach', 'debit', 5000, false, 'ACHInRejected')`);
    const [row] = await queryRows(
      database.db,
      sql`select ${sql.raw(grossCentsSql('t'))}::int as gross from transactions t where t.client_id = ${merchant.id}::uuid`,
    );
    expect(row?.gross).toBe(-2500);
  });

  it('refuses anything but a plain alias', () => {
    expect(() => grossCentsSql('t; drop table transactions')).toThrow('Not a table alias');
  });
});
