import { vi } from 'vitest';

type StubbedAnswer = { status?: number; body: unknown };

// Answers fetch by path; any other call fails the test loudly.
export function stubFetch(answers: Record<string, StubbedAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://portal.test');
    const answer = answers[url.pathname];
    if (!answer) throw new Error(`Unexpected request to ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const readyDatabase = { body: { status: true, message: { database: 'ready' } } };
