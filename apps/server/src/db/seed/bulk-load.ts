import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { queryRows } from '../sql-rows';

// The PostgreSQL manual's advice for populating a table: drop its secondary indexes and foreign keys,
// load, then recreate them (one sorted index build and one validating join beat a million index
// insertions and trigger checks). Definitions are read from the catalog and replayed verbatim, so the
// schema ends exactly as the migrations left it. Runs inside the caller's transaction: on failure
// nothing is lost. The primary key stays, so the rows are checked for duplicates as they arrive.
export async function withBulkLoad<T>(tx: Executor, table: string, load: () => Promise<T>): Promise<T> {
  const indexes = await queryRows(
    tx,
    sql`select i.relname as name, pg_get_indexdef(i.oid) as definition
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = ${table}::regclass and not x.indisprimary and not x.indisunique`,
  );
  const foreignKeys = await queryRows(
    tx,
    sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = ${table}::regclass and contype = 'f'`,
  );
  for (const fk of foreignKeys) {
    await tx.execute(
      sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(String(fk.name))}`,
    );
  }
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(String(index.name))}`);

  const result = await load();

  // An index of a partitioned table reads back as "ON ONLY"; without it the build covers every partition.
  for (const index of indexes)
    await tx.execute(sql.raw(String(index.definition).replace(' ON ONLY ', ' ON ')));
  for (const fk of foreignKeys) {
    await tx.execute(
      sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(String(fk.name))} ${sql.raw(String(fk.definition))}`,
    );
  }
  return result;
}
