import { DrizzleQueryError } from 'drizzle-orm/errors';
import { redactUrl } from './log-redaction';

// How an error is written to the log. Database errors carry the values of the failed query: Drizzle
// puts the parameters in its message, PostgreSQL's detail repeats key values ("Key (email)=(…)") and
// some messages quote the offending input. Those are customer data (note text, addresses), so only
// the query text, the SQL state and where it failed are kept.
const databaseFields = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint'] as const;
const maxCauseDepth = 5;

const quotedInput = /:\s*"[^"]*"/g;

function isDatabaseError(err: Error): boolean {
  return typeof Reflect.get(err, 'severity') === 'string' && typeof Reflect.get(err, 'code') === 'string';
}

// Addresses quoted in a message (Fastify names the request's url in some of its errors) are logged as
// any address is: no tokens in the path, only harmless query values.
const addressInText = /https?:\/\/[^\s"'<>]+|(?<![\w.~/-])\/(?:api|app|auth)(?:[/?][^\s"'<>()]*)?/g;

function messageOf(err: Error): string {
  if (err instanceof DrizzleQueryError) return 'Failed query';
  if (isDatabaseError(err)) return err.message.replace(quotedInput, ': "[redacted]"');
  return err.message.replace(addressInText, redactUrl);
}

// The stack's first line repeats the message; the frames below it are kept.
function stackOf(err: Error, header: string): string {
  const frames = (err.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return [header, ...frames].join('\n');
}

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

export function errorForLog(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const message = messageOf(err);
  const entry: LoggedError = { type: err.name, message, stack: stackOf(err, `${err.name}: ${message}`) };
  if (err instanceof DrizzleQueryError) entry.query = err.query;
  if (isDatabaseError(err)) {
    for (const field of databaseFields) {
      const value: unknown = Reflect.get(err, field);
      if (typeof value === 'string') entry[field] = value;
    }
  } else {
    const code: unknown = Reflect.get(err, 'code');
    const statusCode: unknown = Reflect.get(err, 'statusCode');
    if (typeof code === 'string') entry.code = code;
    if (typeof statusCode === 'number') entry.statusCode = statusCode;
  }
  if (err.cause !== undefined && depth < maxCauseDepth) entry.cause = errorForLog(err.cause, depth + 1);
  return entry;
}
