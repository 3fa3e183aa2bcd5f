// PostgreSQL's unique_violation (SQLSTATE 23505), as the driver throws it or as Drizzle wraps it in
// its query error's cause: two requests raced for one unique value.
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const cause = 'cause' in error ? error.cause : undefined;
  const code =
    'code' in error
      ? error.code
      : typeof cause === 'object' && cause && 'code' in cause
        ? cause.code
        : undefined;
  return code === '23505';
}
