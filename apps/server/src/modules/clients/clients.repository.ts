import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subEntities, userSubEntities } from '../../db/schema/access';
import { clientConfigs, clientCustomFields, clients } from '../../db/schema/clients';

export async function findClientWithConfiguration(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({
      id: clients.id,
      name: clients.name,
      legalName: clients.legalName,
      dbaName: clients.dbaName,
      level: clients.level,
      parentId: clients.parentId,
      metaFieldSearch: clientConfigs.metaFieldSearch,
      metaFieldSearchTerm: clientConfigs.metaFieldSearchTerm,
      customizations: clientConfigs.customizations,
    })
    .from(clients)
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(eq(clients.id, clientId));
  if (!row) return null;
  const [parent] =
    row.parentId === null
      ? []
      : await executor
          .select({ id: clients.id, name: clients.name })
          .from(clients)
          .where(eq(clients.id, row.parentId));
  const customFields = await executor
    .select({ name: clientCustomFields.name, type: clientCustomFields.type })
    .from(clientCustomFields)
    .where(eq(clientCustomFields.clientId, clientId))
    .orderBy(asc(clientCustomFields.name));
  return { ...row, parent: parent ?? null, customFields };
}

export async function listSubEntities(executor: Executor, merchantId: string) {
  return executor
    .select({ id: subEntities.id, name: subEntities.name })
    .from(subEntities)
    .where(eq(subEntities.clientId, merchantId))
    .orderBy(asc(subEntities.name));
}

// The merchant's locations a user is tied to; none means the user works at all of them.
export async function listUserSubEntityIds(executor: Executor, userId: string, merchantId: string) {
  const rows = await executor
    .select({ id: userSubEntities.subEntityId })
    .from(userSubEntities)
    .innerJoin(subEntities, eq(subEntities.id, userSubEntities.subEntityId))
    .where(and(eq(userSubEntities.userId, userId), eq(subEntities.clientId, merchantId)));
  return rows.map((row) => row.id);
}
