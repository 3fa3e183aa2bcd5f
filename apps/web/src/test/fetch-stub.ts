import { vi } from 'vitest';

export type StubbedAnswer = { status?: number; body: unknown };

// Answers fetch by path (or 'METHOD /path' when one path answers differently per method); any other
// call fails the test loudly.
export function stubFetch(answers: Record<string, StubbedAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const answer = answers[`${method} ${url.pathname}`] ?? answers[url.pathname];
    if (!answer) throw new Error(`Unexpected request to ${method} ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function ok(message: unknown): StubbedAnswer {
  return { body: { status: true, message } };
}

export function failure(status: number, code: string, message: string): StubbedAnswer {
  return { status, body: { status: false, error: { code, message } } };
}

export const readyDatabase = ok({ database: 'ready' });

// The paths fetch was called with, in order, as 'METHOD /path?query'.
export function requestedPaths(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://portal.test');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}
