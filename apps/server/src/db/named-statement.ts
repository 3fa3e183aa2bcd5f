import { createHash } from 'node:crypto';
import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { rowsOf, type SqlRow } from './sql-rows';

// Hot statements sent by name (issues 15 and 16 speed): PostgreSQL parses and plans a named statement
// once per connection instead of on every call, which for a statement of several parts costs more than
// running it. The name is a hash of the text, so one name never stands for two texts (node-postgres
// refuses that) and a statement whose shape varies has one name per shape. Only for statements whose
// plan does not depend on the values (key lookups, inserts, updates by key): after a few runs
// PostgreSQL may keep one generic plan for every value.

// The casing both drivers are opened with (db/client.ts), so column names come out the same.
const dialect = new PgDialect({ casing: 'snake_case' });

// A built statement's name, hashed once: the hottest statements are built once and run often.
const names = new WeakMap<Query, string>();
function nameOf(built: Query): string {
  let name = names.get(built);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(built.sql).digest('base64url')}`;
    names.set(built, name);
  }
  return name;
}

// A statement built once: its text and parameters, values still as placeholders.
export function buildStatement(query: SQL): Query {
  return dialect.sqlToQuery(query);
}

// Runs a statement built once (buildStatement, shapedStatements) by name; values fill its
// sql.placeholder()s. Answers its rows as objects.
export async function queryRowsNamed(
  executor: Executor,
  built: Query,
  values: Record<string, unknown> = {},
): Promise<SqlRow[]> {
  return rowsOf(await preparedOf(executor, built).execute(values));
}

// The driver's prepared query of a built statement, made once per executor (the pool's, or an open
// transaction's) and reused: making it on every call cost as much as filling in its values.
type DriverQuery = ReturnType<Executor['_']['session']['prepareQuery']>;
const driverQueries = new WeakMap<Executor, Map<Query, DriverQuery>>();
function preparedOf(executor: Executor, built: Query): DriverQuery {
  let byQuery = driverQueries.get(executor);
  if (!byQuery) {
    byQuery = new Map();
    driverQueries.set(executor, byQuery);
  }
  let prepared = byQuery.get(built);
  if (!prepared) {
    prepared = executor._.session.prepareQuery(built, undefined, nameOf(built), false);
    byQuery.set(built, prepared);
  }
  return prepared;
}

// A drizzle statement prepared once per database handle (or open transaction), its values as
// sql.placeholder()s: built and named on first use, afterwards only run. For the hottest statements,
// where building the query cost as much as running it (issue 16 speed).
export function preparedStatement<T>(
  name: string,
  prepare: (executor: Executor, name: string) => T,
): (executor: Executor) => T {
  const byExecutor = new WeakMap<Executor, T>();
  return (executor) => {
    let prepared = byExecutor.get(executor);
    if (prepared === undefined) {
      prepared = prepare(executor, name);
      byExecutor.set(executor, prepared);
    }
    return prepared;
  };
}

// A record's values as placeholders named prefix + key, for a statement built once per shape: the
// shape (which keys hold a value; undefined ones take the column default) names the built statement.
// The placeholders are made only when the statement is built (once per shape), not on every call.
export function placeholdersOf<T extends Record<string, unknown>>(
  prefix: string,
  record: T,
): {
  placeholders: () => { [K in keyof T]: Placeholder<string, T[K]> };
  values: Record<string, unknown>;
  shape: string;
} {
  const given: string[] = [];
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (record[key] === undefined) continue;
    given.push(key);
    values[`${prefix}${key}`] = record[key];
  }
  return {
    // Typing glue only: one placeholder per given key, exactly what the mapped type says.
    placeholders: () =>
      Object.fromEntries(given.map((key) => [key, sql.placeholder(`${prefix}${key}`)])) as {
        [K in keyof T]: Placeholder<string, T[K]>;
      },
    values,
    shape: given.join(','),
  };
}

// Statements built once per shape: build() runs on the first call of each shape only.
export function shapedStatements(): (shape: string, build: () => SQL) => Query {
  const built = new Map<string, Query>();
  return (shape, build) => {
    let query = built.get(shape);
    if (!query) {
      query = buildStatement(build());
      built.set(shape, query);
    }
    return query;
  };
}
