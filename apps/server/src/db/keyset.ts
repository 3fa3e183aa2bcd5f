import { type SQL, sql } from 'drizzle-orm';

// Reading a long list page by page in any order, each page one indexed-or-sorted query after the last
// row of the one before (keyset paging), so memory holds one page and no row is read twice or missed
// while rows come and go behind the reader. The order is the sort keys, then a unique key (the id) so
// that ties break the same way on every page.

// The type a key's value is compared as; its value travels as text (to the microsecond for times).
export type SortKeyType = 'timestamptz' | 'date' | 'numeric' | 'text' | 'uuid' | 'inet';

// A key: its expression, which must never be null (coalesce a nullable column to a value that sorts
// where blanks belong), its type and its direction.
export type SortKey = { expression: SQL; type: SortKeyType; direction: 'asc' | 'desc' };

const castOf: Record<SortKeyType, SQL> = {
  timestamptz: sql.raw('timestamptz'),
  date: sql.raw('date'),
  numeric: sql.raw('numeric'),
  text: sql.raw('text'),
  uuid: sql.raw('uuid'),
  inet: sql.raw('inet'),
};

// The order: `k1 desc, k2 asc, …`.
export function orderByKeys(keys: readonly SortKey[]): SQL {
  return sql.join(
    keys.map((key) => sql`${key.expression} ${sql.raw(key.direction)}`),
    sql`, `,
  );
}

// Where a page ended: the keys' values of a row as a text array, selected with it.
export function keyValuesOf(keys: readonly SortKey[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    keys.map((key) => sql`(${key.expression})::text`),
    sql`, `,
  )}]::text[]`;
}

// The rows strictly after the row whose keys had these values, in the keys' order. Keys of one
// direction compare as a row. With mixed directions: the first key past its value, or equal and the
// second past, and so on; the first key's bound is then also said on its own (every such row has the
// first key at or past its value), so an index that starts with that key seeks to where the page ends
// instead of reading every row before it again.
export function afterKeyValues(keys: readonly SortKey[], values: readonly string[]): SQL {
  const [first] = keys;
  if (first === undefined || values.length !== keys.length) {
    throw new Error('A page end names every sort key');
  }
  const value = (index: number) => {
    const key = keys[index] as SortKey;
    return sql`${values[index]}::${castOf[key.type]}`;
  };
  // Keys all one way: one row comparison, which an index on the keys in that order seeks by.
  if (keys.every((key) => key.direction === first.direction)) {
    return sql`((${sql.join(
      keys.map((key) => key.expression),
      sql`, `,
    )}) ${sql.raw(first.direction === 'asc' ? '>' : '<')} (${sql.join(
      keys.map((_, index) => value(index)),
      sql`, `,
    )}))`;
  }
  const alternatives = keys.map((key, index) => {
    const equalBefore = keys.slice(0, index).map((earlier, at) => sql`${earlier.expression} = ${value(at)}`);
    const past = sql`${key.expression} ${sql.raw(key.direction === 'asc' ? '>' : '<')} ${value(index)}`;
    return sql`(${sql.join([...equalBefore, past], sql` and `)})`;
  });
  const reached = sql`${first.expression} ${sql.raw(first.direction === 'asc' ? '>=' : '<=')} ${value(0)}`;
  return sql`(${reached} and (${sql.join(alternatives, sql` or `)}))`;
}
