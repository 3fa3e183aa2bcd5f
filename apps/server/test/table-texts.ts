import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../src/db/client';

const tableNames = z.object({ rows: z.array(z.object({ table_name: z.string() })) });
const tableText = z.object({ rows: z.array(z.object({ text: z.string() })) });

// Every base table of the public schema with all its rows as one text, for tests that prove a
// secret (a card number, a CVV, a track) was written nowhere.
export async function tableTexts(db: Db): Promise<{ table: string; text: string }[]> {
  const tables = tableNames.parse(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  const texts: { table: string; text: string }[] = [];
  for (const { table_name } of tables.rows) {
    const dump = tableText.parse(
      await db.execute(
        sql`select coalesce(string_agg(t::text, ' '), '') as text from ${sql.identifier(table_name)} t`,
      ),
    );
    texts.push({ table: table_name, text: dump.rows[0]?.text ?? '' });
  }
  return texts;
}
