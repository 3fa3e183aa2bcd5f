// BENCH_EXPLAIN=1: the plan of a bare statement as it ran (EXPLAIN (ANALYZE, BUFFERS)), printed under its
// figure, so a run at 10,000,000 transactions and one at 1,000,000 can be compared line by line.
import type pg from 'pg';

export const explainRequested = process.env.BENCH_EXPLAIN === '1';

export async function printPlan(
  pool: pg.Pool,
  title: string,
  text: string,
  params: unknown[],
): Promise<void> {
  if (!explainRequested) return;
  const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
  console.log(`\n  plan: ${title}`);
  for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
}
