import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiRequest,
  isAbortError,
  parseEnvelope,
  REQUEST_TIMEOUT_MS,
  viewAsClientIdForCall,
} from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// Behaves like the browser's fetch towards its signal: rejects with the abort reason.
function pendingUntilAborted(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const signal = init?.signal;
    if (!signal) return;
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function lastFetchCall() {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init] = call;
  return { url: String(input), init: init ?? {} };
}

async function captureRejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('returns the parsed message of a success envelope and sends the session cookie', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: { database: 'ready' } }));

    const result = await apiRequest('/readyz', { schema: z.object({ database: z.string() }) });

    expect(result).toEqual({ database: 'ready' });
    const { url, init } = lastFetchCall();
    expect(url).toBe('/readyz');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Accept: 'application/json' });
    expect(init.body).toBeUndefined();
  });

  it('sends plain bodies as JSON, including the null body that deletes a grid layout', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ status: true, message: null }));

    await apiRequest('/api/notes', {
      method: 'POST',
      body: { comment: 'hi', enrollment_id: 7 },
      schema: z.unknown(),
    });
    expect(lastFetchCall().init.body).toBe('{"comment":"hi","enrollment_id":7}');
    expect(lastFetchCall().init.headers).toMatchObject({ 'Content-Type': 'application/json' });

    await apiRequest('/api/user/grid-config/report', { method: 'PUT', body: null, schema: z.unknown() });
    expect(lastFetchCall().init.body).toBe('null');
  });

  it('passes FormData through so the browser sets the multipart boundary', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: 'ok' }));
    const form = new FormData();
    form.append('clientid', '42');

    await apiRequest('/api/documents/by-client/42', { method: 'POST', body: form, schema: z.string() });

    const { init } = lastFetchCall();
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('appends query parameters and skips empty ones', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: [] }));

    await apiRequest('/api/notes', {
      query: { enrollment_id: 12, origin: 'portal', skipped: undefined, none: null },
      schema: z.array(z.unknown()),
    });

    expect(lastFetchCall().url).toBe('/api/notes?enrollment_id=12&origin=portal');
  });

  it('throws the code and message of a failure envelope, even on HTTP 200', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ status: false, error: { code: 'NOTE_EMPTY', message: 'Comment is required' } }),
    );

    const error = await captureRejection(apiRequest('/api/notes', { schema: z.unknown() }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'NOTE_EMPTY', message: 'Comment is required', httpStatus: 200 });
  });

  it('keeps the HTTP status of a failure envelope', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { status: false, error: { code: 'DATABASE_UNAVAILABLE', message: 'Database is not ready' } },
        503,
      ),
    );

    const error = await captureRejection(apiRequest('/readyz', { schema: z.unknown() }));

    expect(error).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      message: 'Database is not ready',
      httpStatus: 503,
    });
  });

  it('never shows the body of a 5xx that is not an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway: upstream 10.0.0.4</html>', { status: 502 }));

    const error = await captureRejection(apiRequest('/api/user', { schema: z.unknown() }));

    expect(error).toMatchObject({ code: 'SERVER_ERROR', message: 'Something went wrong', httpStatus: 502 });
  });

  it('fails a success envelope whose message does not match the schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: { database: 42 } }));

    const error = await captureRejection(
      apiRequest('/readyz', { schema: z.object({ database: z.string() }) }),
    );

    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', httpStatus: 200 });
  });

  it('fails an answer that is not an envelope at all', async () => {
    fetchMock.mockResolvedValue(jsonResponse([{ id: 1 }]));

    const error = await captureRejection(apiRequest('/api/clients', { schema: z.unknown() }));

    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('turns a network failure into an ApiError without an HTTP status', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await captureRejection(apiRequest('/api/user', { schema: z.unknown() }));

    expect(error).toMatchObject({ code: 'NETWORK_ERROR', httpStatus: 0 });
  });

  it('rethrows a caller abort as an AbortError, not as an ApiError', async () => {
    fetchMock.mockImplementation(pendingUntilAborted);
    const controller = new AbortController();

    const pending = captureRejection(
      apiRequest('/api/user', { schema: z.unknown(), signal: controller.signal }),
    );
    controller.abort();
    const error = await pending;

    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('gives up after 100000 ms with a TIMEOUT error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(pendingUntilAborted);
    let settled: unknown;
    const pending = apiRequest('/api/v1/report', { schema: z.unknown() }).catch((error: unknown) => {
      settled = error;
    });

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;

    expect(REQUEST_TIMEOUT_MS).toBe(100_000);
    expect(settled).toBeInstanceOf(ApiError);
    expect(settled).toMatchObject({ code: 'TIMEOUT', httpStatus: 0 });
  });

  it('accepts an empty 204 answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiRequest('/logout', { method: 'POST', schema: z.undefined() })).resolves.toBeUndefined();
  });
});

describe('parseEnvelope', () => {
  it('reads both envelope shapes', () => {
    expect(parseEnvelope({ status: true, message: [1] })).toEqual({ status: true, message: [1] });
    expect(parseEnvelope({ status: false, error: { code: 'X', message: 'y' } })).toEqual({
      status: false,
      error: { code: 'X', message: 'y', issues: [] },
    });
  });

  it('keeps the field reasons of a refusal, and only well-formed ones', () => {
    const error = {
      code: 'WEAK_PASSWORD',
      message: 'Password is too weak',
      issues: [{ path: 'password', message: 'Use at least 12 characters.' }, { path: 1 }],
    };
    expect(parseEnvelope({ status: false, error })).toEqual({
      status: false,
      error: { ...error, issues: [{ path: 'password', message: 'Use at least 12 characters.' }] },
    });
  });

  it('rejects anything else', () => {
    expect(parseEnvelope(null)).toBeUndefined();
    expect(parseEnvelope('ok')).toBeUndefined();
    expect(parseEnvelope({ message: 1 })).toBeUndefined();
    expect(parseEnvelope({ status: 'true', message: 1 })).toBeUndefined();
    expect(parseEnvelope({ status: false })).toBeUndefined();
    expect(parseEnvelope({ status: false, error: { code: 1, message: 'y' } })).toBeUndefined();
    expect(parseEnvelope({ status: false, error: { code: 'X' } })).toBeUndefined();
  });
});

describe('viewAsClientIdForCall', () => {
  const viewed = '22222222-2222-4222-8222-222222222222';

  it.each<[string, string, string, string | null, string | undefined]>([
    ['an API call from a page that shows the viewed client', '/api/vault', '/app/vault', viewed, viewed],
    ['an API call from Home', '/api/user', '/app/home', viewed, viewed],
    ['nobody viewed as', '/api/vault', '/app/vault', null, undefined],
    // clientView false: the page names its own subject, or has no session.
    ['a page naming its client in the path', '/api/client', '/app/account/42', viewed, undefined],
    ['a virtual terminal page', '/api/virtualterminalurl', '/app/virtual-terminal/pk_1', viewed, undefined],
    ['the login page', '/api/auth/providers', '/app/login', viewed, undefined],
    ['a page outside the table', '/api/dev/mailbox', '/app/dev/mailbox', viewed, undefined],
    ['a session call, not an API one', '/logout', '/app/home', viewed, undefined],
  ])('%s', (_case, apiPath, pagePath, viewAs, expected) => {
    expect(viewAsClientIdForCall(apiPath, pagePath, viewAs)).toBe(expected);
  });

  it('appends the stored client id to the calls of a clientView page', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: [] }));
    localStorage.setItem('portico.view-as', viewed);
    window.history.replaceState(null, '', '/app/vault');

    await apiRequest('/api/payee/all', { query: { email: 'a@b.example' }, schema: z.unknown() });

    expect(lastFetchCall().url).toBe(`/api/payee/all?viewAs=${viewed}&email=a%40b.example`);
    window.history.replaceState(null, '', '/');
  });
});
