import { writeFile } from 'node:fs/promises';
import type pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { statementNotes } from '../apps/server/src/modules/notes/notes.service';
import { renderStatementPdf } from '../apps/server/src/modules/statements/statement-pdf';
import {
  findStatementLogo,
  groupMonth,
  listPayouts,
} from '../apps/server/src/modules/statements/statements.repository';
import {
  payoutLinesOfPayout,
  postStatements,
  resolveStatementMonth,
  statementLineRows,
  statementRows,
} from '../apps/server/src/modules/statements/statements.service';
import { largeRun, recordFigure } from './scale';
import { compareInterleaved, median, medianMs, printTable, timeMs } from './stats';

// Posting every merchant's statement for a month within 2x of one GROUP BY over the
// same rows; one merchant's 31-day PDF under 500 ms; the statement and payout pages of the busiest
// merchant, and the lines of its busiest payout, within 1.5x of their bare SQL. Figures beside
// baselines measured in the same run.

const POSTING_BUDGET = 2;
const PAGE_BUDGET = 1.5;
const PDF_BUDGET_MS = 500;

// The floor of posting: one GROUP BY over the month's rows, per merchant.
const bareGroupBy = `select client_id, count(*), sum(amount_cents), sum(fee_cents) from transactions
  where created_at >= $1 and created_at < $2 group by client_id`;

type MonthParams = { clientId: string; first: string; startAt: Date; endAt: Date };

// The statement page's floor: the posted row, the daily lines, the processor fees, the month's payouts
// and what of the month no payout holds yet (pending), each as plain SQL with its parameters.
const bareStatementPage: { text: string; params: (m: MonthParams) => unknown[] }[] = [
  {
    text: `select s.*, coalesce(c.dba_name, c.name) from statements s join clients c on c.id = s.client_id
      where s.client_id = $1 and s.month = $2::date`,
    params: (m) => [m.clientId, m.first],
  },
  {
    text: `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*), sum(amount_cents), sum(fee_cents)
      from transactions where client_id = $1 and created_at >= $2 and created_at < $3 group by 1 order by 1`,
    params: (m) => [m.clientId, m.startAt, m.endAt],
  },
  {
    text: `select f.* from processor_fees f join statements s on s.id = f.statement_id
      where s.client_id = $1 and s.month = $2::date order by f.processor, f.detail_description`,
    params: (m) => [m.clientId, m.first],
  },
  {
    text: `select id, payout_date, processor, status, amount_cents from payouts
      where client_id = $1 and statement_month = $2::date order by payout_date, processor`,
    params: (m) => [m.clientId, m.first],
  },
  {
    text: `select coalesce(sum(t.amount_cents - t.fee_cents), 0) from transactions t
      where t.client_id = $1 and t.created_at >= $3 and t.created_at < $4 and t.payment_method is distinct from 'cash'
        and not exists (select 1 from payout_items i join payouts p on p.id = i.payout_id
          where p.client_id = $1 and p.statement_month = $2::date
            and i.transaction_id = t.id and i.transaction_created_at = t.created_at)`,
    params: (m) => [m.clientId, m.first, m.startAt, m.endAt],
  },
];

const barePayoutsPage = `select p.id, p.client_id, coalesce(c.dba_name, c.name), p.payout_date, p.amount_cents, p.processor,
  p.status, p.settlement_id from payouts p join clients c on c.id = p.client_id
  where p.client_id = $1 order by p.payout_date desc, p.processor`;

// The floor of a payout's lines: its items with the transaction facts they are described by, summed.
const barePayoutLines = `select i.transaction_id, i.transaction_created_at, i.auth_amount_cents, i.net_amount_cents,
  i.kind, t.payment_method, t.card_brand, t.last4, t.action_mode,
  sum(i.net_amount_cents) over () as total
  from payout_items i left join transactions t on t.id = i.transaction_id and t.created_at = i.transaction_created_at
  where i.payout_id = $1 order by i.transaction_created_at, i.transaction_id`;

export async function benchStatements(handle: DatabaseHandle, pool: pg.Pool, now: Date): Promise<boolean> {
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const month = resolveStatementMonth(lastMonth, now);
  const monthRows = await pool.query<{ n: string }>(
    'select count(*)::text as n from transactions where created_at >= $1 and created_at < $2',
    [month.startAt, month.endAt],
  );
  // Each posting run starts from a month without statements (the seed posted its own); the delete
  // before it is not timed. Runs alternate with the baseline like compareInterleaved.
  const postOnce = async () => {
    await pool.query('delete from statements where month = $1::date', [month.first]);
    return timeMs(() => postStatements(handle.db, lastMonth, now));
  };
  const groupOnce = () => timeMs(() => pool.query(bareGroupBy, [month.startAt, month.endAt]));
  const postTimes: number[] = [];
  const groupTimes: number[] = [];
  for (let run = 0; run < (largeRun ? 7 : 13); run++) {
    if (run % 2) {
      postTimes.push(await postOnce());
      groupTimes.push(await groupOnce());
    } else {
      groupTimes.push(await groupOnce());
      postTimes.push(await postOnce());
    }
  }
  // The first two runs warm the caches.
  const posting = {
    subjectMs: median(postTimes.slice(2)),
    baselineMs: median(groupTimes.slice(2)),
    ratio: median(postTimes.slice(2)) / median(groupTimes.slice(2)),
  };
  recordFigure('statement posting, rows of the month', 'info', Number(monthRows.rows[0]?.n ?? 0));
  recordFigure('statement posting, month, ms', 'info', posting.subjectMs, posting.baselineMs);
  // Posting's own GROUP BY, for the reader: how much of posting is the scan.
  const postingGroupBy = await compareInterleaved(
    () => groupMonth(handle.db, month),
    () => pool.query(bareGroupBy, [month.startAt, month.endAt]),
    largeRun ? { warmup: 1, runs: 5 } : { warmup: 2, runs: 11 },
  );
  const posted = await pool.query<{ n: string }>(
    'select count(*)::text as n from statements where month = $1::date',
    [month.first],
  );

  const busiest = await pool.query<{ client_id: string; n: string }>(
    'select client_id, count(*)::text as n from transactions group by client_id order by count(*) desc limit 1',
  );
  const merchant = busiest.rows[0];
  if (!merchant) throw new Error('The seeded database has no transactions');
  const statementPage = await compareInterleaved(
    () => statementRows(handle.db, merchant.client_id, month),
    () =>
      Promise.all(
        bareStatementPage.map(({ text, params }) =>
          pool.query(text, params({ clientId: merchant.client_id, ...month })),
        ),
      ),
  );
  const payoutsPage = await compareInterleaved(
    () => listPayouts(handle.db, [merchant.client_id]),
    () => pool.query(barePayoutsPage, [merchant.client_id]),
  );
  // The busiest payout of the busiest merchant: its lines as GET /api/payouts/{id}/lines reads them.
  const busiestPayout = await pool.query<{ payout_id: string; n: string }>(
    `select i.payout_id, count(*)::text as n from payout_items i join payouts p on p.id = i.payout_id
      where p.client_id = $1 group by i.payout_id order by count(*) desc limit 1`,
    [merchant.client_id],
  );
  const payout = busiestPayout.rows[0];
  if (!payout) throw new Error('The busiest merchant has no payout');
  const payoutLines = await compareInterleaved(
    () => payoutLinesOfPayout(handle.db, payout.payout_id, null),
    () => pool.query(barePayoutLines, [payout.payout_id]),
  );

  // The PDF of the busiest merchant's month, as GET /api/statement/pdf builds it.
  const config = loadConfig(process.env);
  const buildPdf = async () => {
    const [lines, statements, logo, notes] = await Promise.all([
      statementLineRows(handle.db, merchant.client_id, month),
      statementRows(handle.db, merchant.client_id, month),
      findStatementLogo(handle.db, merchant.client_id),
      statementNotes(handle.db),
    ]);
    return renderStatementPdf({
      merchantName: statements[0]?.merchant_name ?? '',
      yearMonth: month.yearMonth,
      logo,
      lines,
      statement: statements[0] ?? null,
      generatedAt: now,
      notes: notes.map((note) => note[3]),
      support: { phone: config.supportPhone, email: config.supportEmail },
    });
  };
  const pdfMs = await medianMs(buildPdf, { warmup: 1, runs: 7 });
  const sample = await buildPdf();
  await writeFile('/tmp/portico-bench-statement.pdf', sample);

  printTable(
    ['statements', 'rows', 'ours ms', 'baseline ms', 'ratio', 'budget'],
    [
      [
        `post ${posted.rows[0]?.n} statements (${lastMonth})`,
        Number(monthRows.rows[0]?.n ?? 0),
        posting.subjectMs.toFixed(1),
        posting.baselineMs.toFixed(1),
        posting.ratio.toFixed(2),
        `<= ${POSTING_BUDGET}x one GROUP BY`,
      ],
      [
        "posting's GROUP BY alone",
        Number(monthRows.rows[0]?.n ?? 0),
        postingGroupBy.subjectMs.toFixed(1),
        postingGroupBy.baselineMs.toFixed(1),
        postingGroupBy.ratio.toFixed(2),
        'for reading only',
      ],
      [
        'statement page, busiest merchant',
        Number(merchant.n),
        statementPage.subjectMs.toFixed(1),
        statementPage.baselineMs.toFixed(1),
        statementPage.ratio.toFixed(2),
        `<= ${PAGE_BUDGET}x bare SQL`,
      ],
      [
        'payouts page, busiest merchant',
        Number(merchant.n),
        payoutsPage.subjectMs.toFixed(1),
        payoutsPage.baselineMs.toFixed(1),
        payoutsPage.ratio.toFixed(2),
        `<= ${PAGE_BUDGET}x bare SQL`,
      ],
      [
        'payout lines, busiest payout',
        Number(payout.n),
        payoutLines.subjectMs.toFixed(1),
        payoutLines.baselineMs.toFixed(1),
        payoutLines.ratio.toFixed(2),
        `<= ${PAGE_BUDGET}x bare SQL`,
      ],
      ['PDF statement, 31 days', sample.length, pdfMs.toFixed(1), '-', '-', `< ${PDF_BUDGET_MS} ms`],
    ],
  );
  return (
    posting.ratio <= POSTING_BUDGET &&
    statementPage.ratio <= PAGE_BUDGET &&
    payoutsPage.ratio <= PAGE_BUDGET &&
    payoutLines.ratio <= PAGE_BUDGET &&
    pdfMs < PDF_BUDGET_MS
  );
}
