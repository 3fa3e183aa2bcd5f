import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo } from './demo-data';
import { leakPatterns, withoutEchoedInput } from './leak-patterns';

// fuzz-routes.test.ts calls without a session, so signed-in routes stop at 401. This walks the
// routes of grid layouts, notes, documents, e-mail, internal reports, billing and revenue share as an admin and as a merchant
// owner: no generated input may produce a 5xx or leak internals.
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const cookies: string[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimitPerMinute: 1_000_000 }, { demoAccounts: true });
  cookies.push(
    await sessionCookieFor(ctx.app.db, demo.admin),
    await sessionCookieFor(ctx.app.db, demo.owner),
  );
});
afterAll(() => ctx.close());

const prefixes = [
  '/api/user/grid-config',
  '/api/notes',
  '/api/documents',
  '/api/email',
  '/api/v1/report/all-internal',
  '/api/billing',
  '/api/monthly-billing',
  '/api/revshare',
];

const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.uuid(),
  fc.constantFrom('..', '%00', "' or 1=1 --", 'declines_by_reason', 'reporting.users', '<script>'),
);
const field = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.uuid(),
  fc.constantFrom('data:;base64,TVo=', 'pdf', 'Portal'),
);
const keys = fc.constantFrom(
  'comment',
  'client_id',
  'enrollment_id',
  'origin',
  'category',
  'text',
  'subject',
  'body',
  'to',
  'extension',
  'file_name',
  'contents',
  '_tag_',
  'note',
  'clientid',
  'id',
  'version',
  'month',
  'merchant_id',
);
const record = fc.dictionary(keys, field, { maxKeys: 6 });
const body = fc.oneof(
  record.map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'text/plain' })),
  record.map((v) => {
    const boundary = 'fuzzboundary';
    const parts = Object.entries(v).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    return {
      payload: `${parts.join('')}--${boundary}--\r\n`,
      type: `multipart/form-data; boundary=${boundary}`,
    };
  }),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'multipart/form-data; boundary=x' })),
);
const query = fc.dictionary(keys, field, { maxKeys: 3 });

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z_]+|\*/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x'));
}

describe('signed-in routes of layouts, notes, documents, e-mail and internal reports survive generated input', () => {
  it('never answers 5xx or leaks', async () => {
    const routes = ctx.app.routeCatalog.filter(
      (r) => r.method !== 'HEAD' && prefixes.some((prefix) => r.url.startsWith(prefix)),
    );
    expect(routes.length).toBe(23);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 2 }),
          query,
          body,
          fc.constantFrom(0, 1),
          async (values, q, b, who) => {
            const qs = new URLSearchParams(q).toString();
            const url = fillPath(route.url, values) + (qs ? `?${qs}` : '');
            const hasBody = route.method === 'POST' || route.method === 'PUT';
            const res = await ctx.app.inject({
              method: route.method === 'PUT' ? 'PUT' : route.method === 'POST' ? 'POST' : 'GET',
              url,
              headers: {
                cookie: cookies[who] ?? '',
                ...(hasBody ? { 'content-type': b.type } : {}),
              },
              ...(hasBody ? { payload: b.payload } : {}),
            });
            expect(res.statusCode, `${route.method} ${url} -> ${res.statusCode}: ${res.body}`).toBeLessThan(
              500,
            );
            const answer = withoutEchoedInput(res.body, `${url} ${hasBody ? b.payload : ''}`);
            for (const pattern of leakPatterns) {
              expect(answer, `${route.method} ${url} leaked ${pattern}`).not.toMatch(pattern);
            }
          },
        ),
        { numRuns: 40 },
      );
    }
    // The walk grows with the route catalog: over a minute on a busy 2-core machine.
  }, 180_000);
});
