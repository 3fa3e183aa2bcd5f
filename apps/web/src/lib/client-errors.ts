// Uncaught errors, unhandled rejections and the route error page are reported to
// the server (POST /api/client-errors), which logs them with the release below. Kept tiny and free
// of zod: it loads with /login. Limits are the contracts' (monitoring/client-errors.ts).

export type ClientErrorKind = 'error' | 'unhandledrejection' | 'route';

// Set at build time (vite.config.ts: PORTICO_RELEASE, else the git commit).
export const clientRelease: string = import.meta.env.VITE_RELEASE ?? 'unknown';

// A page in an error loop reports its first few, once each.
const maxReportsPerPage = 10;
const reported = new Set<string>();

function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    return { message: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

// Builds the report; undefined for what is not a fault (a cancelled request) or already reported.
export function clientErrorReport(kind: ClientErrorKind, error: unknown, pageUrl: string) {
  const isAbort =
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
  if (isAbort) return undefined;
  const { message, stack } = describeError(error);
  const key = `${kind}:${message}`;
  if (reported.has(key) || reported.size >= maxReportsPerPage) return undefined;
  reported.add(key);
  return {
    kind,
    message: message.slice(0, 1000),
    ...(stack ? { stack: stack.slice(0, 8000) } : {}),
    url: pageUrl.slice(0, 2000),
    release: clientRelease.slice(0, 100),
  };
}

export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  const report = clientErrorReport(kind, error, `${window.location.pathname}${window.location.search}`);
  if (!report) return;
  // Reporting must never raise an error of its own: nowhere left to report to, the console has it.
  try {
    // keepalive: the report survives the page being closed or reloaded right after.
    fetch('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // As above.
  }
}

export function installClientErrorReporting(): void {
  window.addEventListener('error', (event) => reportClientError('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) =>
    reportClientError('unhandledrejection', event.reason),
  );
}
