import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { countHit } from '../lib/rate-limit-counters';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin passes its merged parameters, whose routeInfo (not in its types) names the route.
function routeOf(options: object): string | undefined {
  if (!('routeInfo' in options)) return undefined;
  const info: unknown = options.routeInfo;
  if (typeof info !== 'object' || info === null || !('url' in info) || typeof info.url !== 'string') {
    return undefined;
  }
  return 'method' in info && typeof info.method === 'string' ? `${info.method}${info.url}` : info.url;
}

// Counts in process memory: the whole-API budget (one per instance, so it costs no query per request).
class MemoryCounters implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();
  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      // Expired windows go as new ones arrive, so the map holds only live addresses.
      if (this.windows.size > 10_000) {
        for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      }
      window = { hits: 0, resetAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.hits += 1;
    callback(null, { current: window.hits, ttl: window.resetAt - now });
  }
  child(): FastifyRateLimitStore {
    return new MemoryCounters();
  }
}

// Counts in rate_limit_counters: one upsert per limited request, shared by every instance on the
// database, so the sign-in and public-form limits hold however many instances serve them.
class DatabaseCounters implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly prefix: string,
  ) {}
  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    countHit(this.db, `${this.prefix}${key}`, timeWindow / 1000)
      .then((hit) => callback(null, { current: hit.hits, ttl: hit.ttlMs }))
      .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
  }
  child(options: ChildOptions): FastifyRateLimitStore {
    return new DatabaseCounters(this.db, `${routeOf(options) ?? ''}-`);
  }
}

// The store @fastify/rate-limit builds: a route's own limit (routeInfo has its url) is counted in
// the database, the app-level budget of createRateLimit (no route) in memory.
export function sharedRateLimitStore(db: Db) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      new MemoryCounters().incr(key, callback, timeWindow);
    }
    child(options: ChildOptions): FastifyRateLimitStore {
      const route = routeOf(options);
      return route === undefined ? new MemoryCounters() : new DatabaseCounters(db, `${route}-`);
    }
  };
}
