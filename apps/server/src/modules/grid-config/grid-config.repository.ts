import { and, count, eq, like } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gridConfigs } from '../../db/schema/users';

export async function findGridConfig(executor: Executor, userId: string, key: string) {
  const [row] = await executor
    .select({ layout: gridConfigs.layout })
    .from(gridConfigs)
    .where(and(eq(gridConfigs.userId, userId), eq(gridConfigs.key, key)));
  return row;
}

// Insert or replace on the (user, key) unique index: concurrent saves of one key cannot duplicate it.
export async function upsertGridConfig(
  executor: Executor,
  userId: string,
  key: string,
  layout: unknown,
): Promise<void> {
  await executor
    .insert(gridConfigs)
    .values({ userId, key, layout })
    .onConflictDoUpdate({
      target: [gridConfigs.userId, gridConfigs.key],
      set: { layout, updatedAt: new Date() },
    });
}

export async function deleteGridConfig(executor: Executor, userId: string, key: string): Promise<void> {
  await executor.delete(gridConfigs).where(and(eq(gridConfigs.userId, userId), eq(gridConfigs.key, key)));
}

export async function countGridConfigs(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(gridConfigs)
    .where(eq(gridConfigs.userId, userId));
  return row?.total ?? 0;
}

// LIKE wildcards in the prefix are escaped, so a key containing '_' or '%' matches only itself.
export async function listGridConfigKeysWithPrefix(
  executor: Executor,
  userId: string,
  prefix: string,
): Promise<string[]> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await executor
    .select({ key: gridConfigs.key })
    .from(gridConfigs)
    .where(and(eq(gridConfigs.userId, userId), like(gridConfigs.key, `${escaped}%`)));
  return rows.map((row) => row.key);
}
