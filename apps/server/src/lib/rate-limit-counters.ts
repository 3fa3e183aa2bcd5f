import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { buildStatement, queryRowsNamed } from '../db/named-statement';
import { AppError } from './app-error';

// One hit on a key of rate_limit_counters (shared by every instance on the database): a new window,
// or the live one counted up. Answers the hits of the window and the milliseconds left in it (ttl).
// The route limits' store counts with it alone (plugins/shared-rate-limit-store.ts); the charge
// counts its payer's hit in the statement that reads the merchant, saving a round trip.
export function countHitSql(key: SQLWrapper, seconds: SQLWrapper): SQL {
  return sql`
    insert into rate_limit_counters (key, hits, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      hits = case when rate_limit_counters.reset_at <= now() then 1 else rate_limit_counters.hits + 1 end,
      reset_at = case when rate_limit_counters.reset_at <= now() then excluded.reset_at
        else rate_limit_counters.reset_at end
    returning hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::float8 as ttl`;
}

// One hit on a key, alone: a named statement (db/named-statement.ts), as it runs before every limited
// request.
const countHitStatement = buildStatement(countHitSql(sql.placeholder('key'), sql.placeholder('seconds')));

export type LimitHit = { hits: number; ttlMs: number };

export async function countHit(executor: Executor, key: string, seconds: number): Promise<LimitHit> {
  const [row] = await queryRowsNamed(executor, countHitStatement, { key, seconds });
  if (!row) throw new Error('rate_limit_counters upsert returned no row');
  return { hits: Number(row.hits), ttlMs: Number(row.ttl) };
}

// A route's limit as its requests are counted: at most max hits a window, under a key of its own.
export type RouteLimit = { key: string; max: number; windowSeconds: number };

export const rateLimitedMessage = 'Too many requests, slow down';

// 429 with the seconds to wait in retry-after (plugins/errors.ts), the same answer wherever counted.
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(CommonErrorCode.RateLimited, 'rate_limited', rateLimitedMessage);
  }
}

export function assertWithinLimit(hit: LimitHit, max: number): void {
  if (hit.hits > max) throw new RateLimitedError(Math.ceil(hit.ttlMs / 1000));
}
