import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { clientConfigs, clients } from '../../db/schema/clients';

// Which clients a list holds: every one (staff) or the given ids (the caller's reach).
export type ClientScope = { kind: 'all' } | { kind: 'clients'; clientIds: readonly string[] };

const parents = alias(clients, 'parents');

function scopeCondition(scope: ClientScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : inArray(clients.id, [...scope.clientIds]);
}

// The Merchants grid and the Admin Accounts list: one indexed query with the parent's name and the
// processors, by name (clients_level_name_idx serves the plain sort; the ids are the primary key).
export async function listClientRows(executor: Executor, scope: ClientScope) {
  if (scope.kind === 'clients' && scope.clientIds.length === 0) return [];
  return executor
    .select({
      id: clients.id,
      name: clients.name,
      legalName: clients.legalName,
      dbaName: clients.dbaName,
      level: clients.level,
      parentId: clients.parentId,
      parentName: parents.name,
      mccCode: clients.mccCode,
      isActive: clients.isActive,
      payment: clientConfigs.payment,
      ach: clientConfigs.ach,
      createdAt: clients.createdAt,
      updatedAt: clients.updatedAt,
    })
    .from(clients)
    .leftJoin(parents, eq(parents.id, clients.parentId))
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(scopeCondition(scope))
    .orderBy(asc(clients.name), asc(clients.id));
}

export type ClientRowRecord = Awaited<ReturnType<typeof listClientRows>>[number];

// The reporting configuration of the given clients.
export async function listConfigurationsOf(executor: Executor, clientIds: readonly string[]) {
  if (clientIds.length === 0) return [];
  return executor
    .select({
      id: clients.id,
      name: clients.name,
      metaFieldSearch: clientConfigs.metaFieldSearch,
      metaFieldSearchTerm: clientConfigs.metaFieldSearchTerm,
      customizations: clientConfigs.customizations,
    })
    .from(clients)
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(inArray(clients.id, [...clientIds]))
    .orderBy(asc(clients.name), asc(clients.id));
}
