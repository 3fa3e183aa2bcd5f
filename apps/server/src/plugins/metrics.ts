import { timingSafeEqual } from 'node:crypto';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicAccess } from '../access/route-access';
import { AppError } from '../lib/app-error';
import { RateLimitedError } from '../lib/rate-limit-counters';

// Prometheus text exposition (format 0.0.4), kept in-process: a handful of counters and histograms
// need no client library. GET /metrics answers only a bearer METRICS_TOKEN and is not registered
// without one, so the public never reaches it (docs/security.md).

type Labels = Record<string, string>;

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(
    ([name, value]) => `${name}="${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`,
  );
  return parts.length > 0 ? `{${parts.join(',')}}` : '';
}

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels, by = 1): void {
    const key = labelText(labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values())
      lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines;
  }
}

class Histogram {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: number[] = latencyBuckets,
  ) {}
  observe(labels: Labels, seconds: number): void {
    const key = labelText(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    for (const [i, bound] of this.buckets.entries()) {
      if (seconds <= bound) entry.counts[i] = (entry.counts[i] ?? 0) + 1;
    }
    entry.sum += seconds;
    entry.count += 1;
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      for (const [i, bound] of this.buckets.entries()) {
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${counts[i] ?? 0}`);
      }
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

function gauge(name: string, help: string, samples: { labels: Labels; value: number }[]): string[] {
  return [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} gauge`,
    ...samples.map(({ labels, value }) => `${name}${labelText(labels)} ${value}`),
  ];
}

export type Metrics = {
  jobAttempt(job: string, outcome: string, seconds: number): void;
  jobTick(): void;
  clientError(kind: string): void;
  render(): string;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export type MetricsPluginOptions = { token: string | undefined };

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Wrong tokens an address may present in a window. Past them the address is refused (429) before its
// token is even compared, the right one included, until the window ends: guessing the token costs
// the window, and a scraper with the right token from another address is never held up. The
// scraper's own requests are not counted, so it may scrape as often as it likes.
export const metricsTokenFailures = { max: 10, windowSeconds: 60 };

// Failures per key in fixed windows, in this instance's memory (each instance answers its own
// /metrics). Ended windows are dropped as new ones open, so spread addresses cannot grow it for good.
export class FailureWindows {
  private readonly windows = new Map<string, { failures: number; endsAt: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  // Seconds until the key may try again; undefined while it is within its budget.
  refusedFor(key: string, now: number): number | undefined {
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now || window.failures < this.max) return undefined;
    return Math.ceil((window.endsAt - now) / 1000);
  }

  record(key: string, now: number): void {
    const window = this.windows.get(key);
    if (window && window.endsAt > now) {
      window.failures += 1;
      return;
    }
    for (const [other, { endsAt }] of this.windows) if (endsAt <= now) this.windows.delete(other);
    this.windows.set(key, { failures: 1, endsAt: now + this.windowMs });
  }
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsPluginOptions) => {
    const requests = new Counter('portico_http_requests_total', 'HTTP requests by method, route and status');
    const latency = new Histogram('portico_http_request_duration_seconds', 'HTTP request latency by route');
    const jobRuns = new Counter('portico_job_runs_total', 'Job attempts by job and outcome');
    const jobLatency = new Histogram('portico_job_run_duration_seconds', 'Job attempt duration by job');
    const jobTicks = new Counter('portico_job_ticks_total', 'Job runner ticks finished by this instance');
    const clientErrors = new Counter('portico_client_errors_total', 'Browser errors reported by kind');

    const metrics: Metrics = {
      jobAttempt(job, outcome, seconds) {
        jobRuns.inc({ job, outcome });
        jobLatency.observe({ job }, seconds);
      },
      jobTick() {
        jobTicks.inc({});
      },
      clientError(kind) {
        clientErrors.inc({ kind });
      },
      render() {
        const pool = app.database.pool;
        const lines = [
          ...requests.render(),
          ...latency.render(),
          ...jobRuns.render(),
          ...jobLatency.render(),
          ...jobTicks.render(),
          ...clientErrors.render(),
          ...gauge('portico_db_pool_connections', 'Database connections by state (PGlite: one, embedded)', [
            { labels: { state: 'total' }, value: pool ? pool.totalCount : 1 },
            { labels: { state: 'idle' }, value: pool ? pool.idleCount : 0 },
            { labels: { state: 'waiting' }, value: pool ? pool.waitingCount : 0 },
          ]),
          ...gauge('portico_process_resident_memory_bytes', 'Resident memory', [
            { labels: {}, value: process.memoryUsage().rss },
          ]),
          ...gauge('portico_process_uptime_seconds', 'Seconds since the process started', [
            { labels: {}, value: Math.round(process.uptime()) },
          ]),
        ];
        return `${lines.join('\n')}\n`;
      },
    };
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the raw path: ids in paths would make a series per id.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    const token = opts.token;
    if (!token) return;
    const failures = new FailureWindows(metricsTokenFailures.max, metricsTokenFailures.windowSeconds * 1000);
    app.get(
      '/metrics',
      // The whole-API budget does not apply: a scraper is limited by nothing but its wrong tokens.
      { config: { access: publicAccess, rateLimit: false }, schema: { hide: true } },
      async (request, reply) => {
        const now = app.now().getTime();
        const retryAfter = failures.refusedFor(request.ip, now);
        if (retryAfter !== undefined) throw new RateLimitedError(retryAfter);
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!sameToken(given, token)) {
          failures.record(request.ip, now);
          throw new AppError(
            CommonErrorCode.Unauthenticated,
            'unauthenticated',
            'A metrics token is required',
          );
        }
        return reply.type('text/plain; version=0.0.4; charset=utf-8').send(metrics.render());
      },
    );
  },
  { name: 'metrics', dependencies: ['db'] },
);
