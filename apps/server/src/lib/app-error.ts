import type { ErrorKind } from '@portico/contracts/common/envelope';

// Every failure a route can answer with is an AppError carrying a module's code and a kind;
// the one error handler (plugins/errors.ts) maps the kind to the HTTP status.
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const httpStatusByKind: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  business_rule: 422,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

// A module declares its codes once: `const ReportingError = defineErrors({ StartAfterEnd: ['START_AFTER_END', 'business_rule'] })`
// and throws `ReportingError.StartAfterEnd('Start must be on or before end')`.
export function defineErrors<const T extends Record<string, readonly [string, ErrorKind]>>(
  codes: T,
): { [K in keyof T]: (message: string) => AppError } {
  const factories: Record<string, (message: string) => AppError> = {};
  for (const [name, [code, kind]] of Object.entries(codes)) {
    factories[name] = (message: string) => new AppError(code, kind, message);
  }
  return factories as { [K in keyof T]: (message: string) => AppError };
}
