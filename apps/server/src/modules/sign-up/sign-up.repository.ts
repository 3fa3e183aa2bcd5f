import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { users } from '../../db/schema/users';

// The provider's own client: the parent at the top of the hierarchy (the seed's primary client).
// Self sign-ups wait under it until staff place them.
export async function findRootParentId(executor: Executor): Promise<string | null> {
  const [row] = await executor
    .select({ id: clients.id })
    .from(clients)
    .where(and(isNull(clients.parentId), eq(clients.level, 'Parent')))
    .orderBy(asc(clients.createdAt), asc(clients.id))
    .limit(1);
  return row?.id ?? null;
}

export async function isKnownUserEmail(executor: Executor, email: string): Promise<boolean> {
  const [row] = await executor.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}
