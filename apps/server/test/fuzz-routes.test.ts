import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app';
import { fixtureRoutes } from './fixture-routes';
import { leakPatterns, sqlLeakPattern, withoutEchoedInput } from './leak-patterns';

// Throws generated params, queries and bodies at every registered route: no answer may be a 5xx
// (other than the fixture that fails on purpose) or carry a stack trace, SQL text or a file path.
let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { extraRoutes: [fixtureRoutes] });
});
afterAll(() => ctx.close());

// The boom fixture fails on purpose; an unbuilt portal answers 503 on /app/* by design, its payment
// frame page too.
const intentionallyFailing = new Set([
  'GET /api/test/boom',
  'GET /app/*',
  'GET /app/responsive-iframe/payment',
]);

const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.uuid(),
  fc.integer().map(String),
  fc.constantFrom('..', '%00', "' or 1=1 --", '../../etc/passwd', '%2e%2e%2f', '<script>'),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  jsonValue.map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'text/plain' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/x-www-form-urlencoded' })),
);
const query = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 40 }), {
  maxKeys: 4,
});

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z_]+|\*/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x'));
}

describe('every route survives generated input', () => {
  it('walks the whole route catalog', async () => {
    const routes = ctx.app.routeCatalog.filter(
      (r) => r.method !== 'HEAD' && !intentionallyFailing.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 3 }),
          query,
          body,
          async (values, q, b) => {
            const qs = new URLSearchParams(q).toString();
            const url = fillPath(route.url, values) + (qs ? `?${qs}` : '');
            const hasBody = !['GET', 'DELETE', 'OPTIONS'].includes(route.method);
            const res = await ctx.app.inject({
              method: route.method as 'GET',
              url,
              ...(hasBody ? { payload: b.payload, headers: { 'content-type': b.type } } : {}),
            });
            expect(res.statusCode, `${route.method} ${url} -> ${res.statusCode}`).toBeLessThan(500);
            const patterns = route.url.startsWith('/api/docs')
              ? leakPatterns.filter((pattern) => pattern !== sqlLeakPattern)
              : leakPatterns;
            const answer = withoutEchoedInput(res.body, `${url} ${hasBody ? b.payload : ''}`);
            for (const pattern of patterns) {
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
