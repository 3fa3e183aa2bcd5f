import { type SQL, sql } from 'drizzle-orm';

// JSON written by the database as text (the Merchants grid, the vault search): concatenated pieces
// rather than row_to_json or json_build_object, which look up every column's type for every row
// (client-lists.repository.ts merchantGridJsonRows has the figures).

// A JSON value as text, null when SQL null: to_json escapes as row_to_json would.
export const jsonOf = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;

// Values that never need escaping (uuids, enum labels, formatted times), quoted by hand.
export const quoted = (value: SQL) => sql`coalesce('"' || ${value} || '"', 'null')`;

// A time as JavaScript's toISOString writes it: UTC, milliseconds, Z. to_char's MS truncates the
// microseconds, as a JavaScript Date made from the stored time does (.9995 ms is .999, not 1.000).
export const isoUtc = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// An object's text from its keys and each value's JSON text (jsonOf, quoted, or SQL that writes
// JSON text; a string is a constant JSON text, written into the literal around it), the keys in the
// given order. Keys are plain names (checked), written as literals.
export function jsonObjectText(entries: readonly (readonly [key: string, valueJson: SQL | string])[]): SQL {
  const parts: SQL[] = [];
  let literal = '{';
  for (const [index, [key, value]] of entries.entries()) {
    if (!/^[a-z][a-z0-9_]*$/i.test(key)) throw new Error(`Not a plain JSON key: ${key}`);
    literal += `${index === 0 ? '' : ','}"${key}":`;
    if (typeof value === 'string') {
      literal += value;
    } else {
      parts.push(sqlText(literal), value);
      literal = '';
    }
  }
  parts.push(sqlText(`${literal}}`));
  return sql`(${sql.join(parts, sql` || `)})`;
}

// A constant as an SQL string literal.
function sqlText(text: string): SQL {
  return sql.raw(`'${text.replaceAll("'", "''")}'`);
}
