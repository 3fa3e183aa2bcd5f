import { findPortalRouteForPathname, portalPathnameFromUrlPathname } from '@portico/contracts/access/routes';
import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import { askForStepUp } from './auth/step-up';
import { readViewAsClientId } from './auth/view-as';
import { isRecord } from './response-parsers';

// Every call gives up after 100 s.
export const REQUEST_TIMEOUT_MS = 100_000;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: string,
    message: string,
    // 0 when no HTTP answer arrived (network failure, timeout).
    readonly httpStatus: number,
    // The field-level reasons the server gave (a refused password says why), never input values.
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
  }
}

// A caller cancelled the request (unmount, TanStack Query cancellation): not a failure to show.
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

// What to tell the user about a failed call: the server's message, else the caller's fallback.
export function apiErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

// Any zod schema fits. The transport itself stays free of zod: the parser is ~15 kB gzipped
// and /login must load under 150 kB; features bring zod in their own chunks.
export type ResponseParser<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
};

export type FieldIssue = { path: string; message: string };

type Envelope =
  | { status: true; message: unknown }
  | { status: false; error: { code: string; message: string; issues: FieldIssue[] } };

function isFieldIssue(issue: unknown): issue is FieldIssue {
  return isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string';
}

function readIssues(error: object): FieldIssue[] {
  return 'issues' in error && Array.isArray(error.issues) ? error.issues.filter(isFieldIssue) : [];
}

// The two envelope shapes ({status: true, message} and {status: false, error}), checked field by field.
export function parseEnvelope(payload: unknown): Envelope | undefined {
  if (typeof payload !== 'object' || payload === null || !('status' in payload)) return undefined;
  if (payload.status === true) {
    return { status: true, message: 'message' in payload ? payload.message : undefined };
  }
  if (payload.status !== false || !('error' in payload)) return undefined;
  const { error } = payload;
  if (typeof error !== 'object' || error === null) return undefined;
  if (!('code' in error) || typeof error.code !== 'string') return undefined;
  if (!('message' in error) || typeof error.message !== 'string') return undefined;
  return { status: false, error: { code: error.code, message: error.message, issues: readIssues(error) } };
}

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions<T> = {
  // Parses the envelope's message: nothing from the network reaches a caller unparsed.
  schema: ResponseParser<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  // Plain values are sent as JSON (null included: the grid-config call deletes with a null body);
  // FormData and URLSearchParams go as multipart and form-encoded bodies.
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
};

// API calls carry the viewed-as client id, except from pages whose route sets clientView
// false (they name their subject in the path, or have no session). pageUrlPathname is the browser's
// full path ('/app/vault'); the route comes from the shared table, so no router state is needed.
export function viewAsClientIdForCall(
  apiPath: string,
  pageUrlPathname: string,
  viewAsClientId: string | null,
): string | undefined {
  if (viewAsClientId === null || !apiPath.startsWith('/api/')) return undefined;
  const pagePathname = portalPathnameFromUrlPathname(pageUrlPathname);
  if (pagePathname === null) return undefined;
  return findPortalRouteForPathname(pagePathname)?.clientView === true ? viewAsClientId : undefined;
}

function currentPagePathname(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

// One call. A sensitive call the server refused for want of a recent second factor is sent again
// once the person proved it in the step-up dialog; it had no effect the first time (the server checks
// before acting), so the same body and idempotency key are safe to send again.
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  try {
    return await sendRequest(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== SecondFactorErrorCode.StepUpRequired) throw error;
    if (!(await askForStepUp())) throw error;
    return sendRequest(path, options);
  }
}

async function sendRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const { schema, method = 'GET', headers = {}, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const viewAs = viewAsClientIdForCall(path, currentPagePathname(), readViewAsClientId());
  const query = viewAs === undefined ? options.query : { [VIEW_AS_QUERY_PARAM]: viewAs, ...options.query };
  const timeout = createTimeoutSignal(timeoutMs);
  const combinedSignal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;

  // The session cookie is HttpOnly, so credentials travel with the request rather than in a header.
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...headers },
    signal: combinedSignal,
  };
  if (options.body !== undefined) {
    encodeBody(init, options.body);
  }

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(buildUrl(path, query), init);
    // The timeout also covers a body that trickles in after the headers.
    payload = await readJson(response);
  } catch (error) {
    throw translateTransportError(error, signal, timeout.hasTimedOut());
  } finally {
    timeout.clear();
  }

  const envelope = parseEnvelope(payload);

  if (!envelope) {
    if (!response.ok) throw errorForStatus(response.status);
    throw invalidResponse(response.status);
  }
  if (!envelope.status) {
    throw new ApiError(envelope.error.code, envelope.error.message, response.status, envelope.error.issues);
  }
  if (!response.ok) throw errorForStatus(response.status);

  const message = schema.safeParse(envelope.message);
  if (!message.success) throw invalidResponse(response.status);
  return message.data;
}

function invalidResponse(httpStatus: number): ApiError {
  return new ApiError('INVALID_RESPONSE', 'The server sent an answer the portal cannot read.', httpStatus);
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function encodeBody(init: RequestInit, body: unknown): void {
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) {
    // The browser sets the content type (with the multipart boundary) itself.
    init.body = body;
    return;
  }
  init.body = JSON.stringify(body);
  init.headers = { ...init.headers, 'Content-Type': 'application/json' };
}

// A timer we own (rather than AbortSignal.timeout) so a timeout can be told apart from a
// caller's cancellation and so tests can drive it with fake timers.
function createTimeoutSignal(timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
  }, timeoutMs);
  return {
    signal: controller.signal,
    hasTimedOut: () => timedOut,
    clear: () => clearTimeout(timer),
  };
}

function translateTransportError(
  error: unknown,
  callerSignal: AbortSignal | undefined,
  hasTimedOut: boolean,
) {
  if (callerSignal?.aborted) return abortErrorFrom(callerSignal);
  if (hasTimedOut) return new ApiError('TIMEOUT', 'The server took too long to answer. Please try again.', 0);
  if (isAbortError(error)) return error;
  return new ApiError('NETWORK_ERROR', 'The server could not be reached. Check your connection.', 0);
}

function abortErrorFrom(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The request was cancelled.', 'AbortError');
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return { status: true, message: undefined };
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: a proxy's error page or an empty body; the HTTP status decides.
    return undefined;
  }
}

// A 5xx never shows its internals, only 'Something went wrong'.
function errorForStatus(httpStatus: number): ApiError {
  if (httpStatus >= 500) return new ApiError('SERVER_ERROR', 'Something went wrong', httpStatus);
  if (httpStatus === 401)
    return new ApiError('UNAUTHENTICATED', 'Your session has ended. Please sign in.', 401);
  if (httpStatus === 403) return new ApiError('FORBIDDEN', 'You are not allowed to do this.', 403);
  if (httpStatus === 404) return new ApiError('NOT_FOUND', 'Not found', 404);
  return new ApiError('HTTP_ERROR', `The request failed (HTTP ${httpStatus}).`, httpStatus);
}
