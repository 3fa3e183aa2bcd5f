import { describe, expect, it } from 'vitest';
import { clientErrorReport } from './client-errors';

describe('clientErrorReport', () => {
  it('names the error, keeps its stack, the page and the release, and cuts them to the limits', () => {
    const error = new TypeError('x is undefined');
    const report = clientErrorReport('route', error, `/app/jobs?${'q'.repeat(3000)}`);
    expect(report).toMatchObject({ kind: 'route', message: 'TypeError: x is undefined', release: 'unknown' });
    expect(report?.stack).toContain('x is undefined');
    expect(report?.url).toHaveLength(2000);
  });

  it('reports the same error once, skips cancelled requests, and stops after ten', () => {
    expect(clientErrorReport('error', 'twice', '/app/home')).toBeDefined();
    expect(clientErrorReport('error', 'twice', '/app/home')).toBeUndefined();
    const abort = new DOMException('The operation was aborted', 'AbortError');
    expect(clientErrorReport('unhandledrejection', abort, '/app/home')).toBeUndefined();
    const more = Array.from({ length: 12 }, (_, i) => clientErrorReport('error', `error ${i}`, '/app/home'));
    // Two reported above, so eight more fit.
    expect(more.filter(Boolean)).toHaveLength(8);
  });
});
