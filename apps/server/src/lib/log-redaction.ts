// What of a request address reaches the logs. Paths carry secrets (an unsubscribe token, a payment
// page's key) and queries carry personal data (a patient number, an e-mail), so a logged address is
// the route's pattern when one matched, a path with every non-word segment replaced otherwise, and a
// query whose values are kept only for keys known to be harmless.

// Query keys whose values may be logged: paging, sizes, date ranges and switches. Ids of people,
// tokens, keys, e-mail addresses, names, patient fields and free text are never among them.
export const loggableQueryKeys: ReadonlySet<string> = new Set([
  'page',
  'size',
  'limit',
  'start',
  'end',
  'start_at',
  'end_at',
  'from',
  'to',
  'before',
  'month',
  'year-month',
  'action',
  'failures',
  'force',
  'is_event',
  'is_portal_request',
  'skipRecursion',
  'with_hierarchy',
  'with_recursion',
  'snowflake',
  'width',
  'height',
  'mode',
]);

export const redactedValue = '[redacted]';
const redactedSegment = ':redacted';

// A path segment that is a plain lowercase word ("api", "verify-email") names a page or a route; any
// other segment (digits, mixed case, underscores, dots, @) may be a token, a key, an id or an address.
const wordSegment = /^[a-z][a-z-]{0,39}$/;

export function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment === '' || wordSegment.test(segment) ? segment : redactedSegment))
    .join('/');
}

export function redactQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const key of new Set(params.keys())) {
    if (!loggableQueryKeys.has(key)) params.set(key, redactedValue);
  }
  return params.toString();
}

function splitUrl(url: string): { origin: string; path: string; query: string | undefined } {
  const queryStart = url.indexOf('?');
  const beforeQuery = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? undefined : url.slice(queryStart + 1).split('#')[0];
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(beforeQuery)?.[0] ?? '';
  return { origin, path: beforeQuery.slice(origin.length).split('#')[0] ?? '', query };
}

function withQuery(path: string, query: string | undefined): string {
  return query === undefined ? path : `${path}?${redactQuery(query)}`;
}

// Any address (a browser's page, a path quoted in an error): its origin, its redacted path and query.
export function redactUrl(url: string): string {
  const { origin, path, query } = splitUrl(url);
  return withQuery(`${origin}${redactPath(path)}`, query);
}

// A request as logged: the matched route's pattern ("/api/unsubscribe/:cancelId") stands for its path.
export function requestUrlForLog(request: { url: string; routeOptions?: { url?: string } }): string {
  const { path, query } = splitUrl(request.url);
  return withQuery(request.routeOptions?.url ?? redactPath(path), query);
}

// Paths pino removes from every log line, whatever logged it.
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.ssn',
  '*.card_number',
  '*.cvv',
  // The Pax order form's card fields and a terminal's auth key, under the names those forms send.
  '*.CcNum',
  '*.CVV2',
  '*.authKey',
  '*.account_number',
  '*.routing_number',
  '*.dataKey',
];
