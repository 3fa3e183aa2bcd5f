import { and, asc, eq, ilike, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { hasSecondFactorSql } from '../../access/second-factor-facts';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../db/like-pattern';
import { memberships, roles, subEntities, userSubEntities } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { users } from '../../db/schema/users';

const managedUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  userType: users.userType,
  label: users.label,
  defaultClientId: users.defaultClientId,
  isDisabled: users.isDisabled,
  isLockedOut: users.isLockedOut,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  hasSecondFactor: hasSecondFactorSql(users.id),
};

// Users holding a membership on one of the clients ('all': on any client), staff accounts left out
// (they are not managed on the users page). With words, only those whose name or e-mail holds every
// word, in any case.
export async function listUsersOfClients(
  executor: Executor,
  clientIds: readonly string[] | 'all',
  options: { words?: readonly string[]; limit?: number } = {},
) {
  if (clientIds !== 'all' && clientIds.length === 0) return [];
  const memberIds = executor
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .where(clientIds === 'all' ? undefined : inArray(memberships.clientId, [...clientIds]));
  const wordMatches = (options.words ?? []).map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return or(ilike(users.name, pattern), ilike(users.email, pattern));
  });
  const query = executor
    .select(managedUserColumns)
    .from(users)
    .where(
      and(
        inArray(users.id, memberIds),
        notInArray(users.userType, ['admin', 'healnow', 'contact']),
        ...wordMatches,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

export async function findManagedUsers(executor: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return executor
    .select(managedUserColumns)
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

export async function findManagedUser(executor: Executor, userId: string) {
  const [row] = await findManagedUsers(executor, [userId]);
  return row;
}

export async function listMembershipsOf(executor: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return executor
    .select({
      userId: memberships.userId,
      clientId: memberships.clientId,
      clientName: clients.name,
      roleId: roles.id,
      roleName: roles.name,
    })
    .from(memberships)
    .innerJoin(clients, eq(clients.id, memberships.clientId))
    .leftJoin(roles, eq(roles.id, memberships.roleId))
    .where(inArray(memberships.userId, [...userIds]))
    .orderBy(asc(clients.name), asc(clients.id));
}

export async function findUserIdByEmail(executor: Executor, email: string, exceptUserId?: string) {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email));
  return row;
}

export async function insertManagedUser(executor: Executor, user: typeof users.$inferInsert) {
  const [row] = await executor.insert(users).values(user).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function updateManagedUser(
  executor: Executor,
  userId: string,
  change: Partial<
    Pick<
      typeof users.$inferInsert,
      'name' | 'email' | 'defaultClientId' | 'isDisabled' | 'isLockedOut' | 'emailVerifiedAt'
    >
  >,
) {
  await executor
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function deleteManagedUser(executor: Executor, userId: string) {
  await executor.delete(users).where(eq(users.id, userId));
}

export async function replaceMemberships(
  executor: Executor,
  userId: string,
  wanted: readonly { clientId: string; roleId: string | null }[],
) {
  const keep = wanted.map((membership) => membership.clientId);
  await executor
    .delete(memberships)
    .where(
      keep.length > 0
        ? and(eq(memberships.userId, userId), notInArray(memberships.clientId, keep))
        : eq(memberships.userId, userId),
    );
  for (const membership of wanted) {
    await executor
      .insert(memberships)
      .values({ userId, clientId: membership.clientId, roleId: membership.roleId })
      .onConflictDoUpdate({
        target: [memberships.userId, memberships.clientId],
        set: { roleId: membership.roleId },
      });
  }
}

export async function replaceLocations(executor: Executor, userId: string, subEntityIds: readonly string[]) {
  await executor.delete(userSubEntities).where(eq(userSubEntities.userId, userId));
  if (subEntityIds.length === 0) return;
  await executor
    .insert(userSubEntities)
    .values(subEntityIds.map((subEntityId) => ({ userId, subEntityId })))
    .onConflictDoNothing();
}

export async function findSubEntitiesByIds(executor: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return executor
    .select({ id: subEntities.id, clientId: subEntities.clientId })
    .from(subEntities)
    .where(inArray(subEntities.id, [...ids]));
}
