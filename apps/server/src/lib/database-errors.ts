// PostgreSQL's unique_violation (SQLSTATE 23505), as the driver throws it or as Drizzle wraps it in
// its query error's cause: two requests raced for one unique value.
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

// A unique_violation of the named unique index or constraint.
export function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  return isUniqueViolation(error) && constraintOf(error) === constraint;
}

// division_by_zero (22012): the statement of lib/money-attempt.ts that settles in one go divides by
// the count of attempts it settled, so that it writes nothing when the attempt was no longer pending.
export function isDivisionByZero(error: unknown): boolean {
  return sqlStateOf(error) === '22012';
}

function constraintOf(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('constraint' in error) return error.constraint;
  const cause = 'cause' in error ? error.cause : undefined;
  return typeof cause === 'object' && cause && 'constraint' in cause ? cause.constraint : undefined;
}

function sqlStateOf(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  const cause = 'cause' in error ? error.cause : undefined;
  return 'code' in error
    ? error.code
    : typeof cause === 'object' && cause && 'code' in cause
      ? cause.code
      : undefined;
}
