import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ReportScope } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { subEntities } from '../../db/schema/access';
import { clientConfigs, clients } from '../../db/schema/clients';
import { paxOrders, terminals } from '../../db/schema/terminals';
import { scopeCondition } from '../reporting/reporting.repository';

// Only touches the database; every write takes the caller's transaction.

const terminalColumns = {
  id: terminals.id,
  clientId: terminals.clientId,
  clientName: clients.name,
  subEntityId: terminals.subEntityId,
  subEntityName: subEntities.name,
  name: terminals.name,
  sn: terminals.sn,
  tpn: terminals.tpn,
  laneId: terminals.laneId,
  registerId: terminals.registerId,
  authKeyLast4: terminals.authKeyLast4,
  terminalType: terminals.terminalType,
  isActive: terminals.isActive,
};

export type TerminalListRow = {
  id: string;
  clientId: string;
  clientName: string;
  subEntityId: string | null;
  subEntityName: string | null;
  name: string | null;
  sn: string | null;
  tpn: string | null;
  laneId: string;
  registerId: string | null;
  authKeyLast4: string | null;
  terminalType: 'PAX' | 'NEWPOS' | 'Dejavoo';
  isActive: boolean;
};

// A grid of devices, not of payments: the bound only stops a runaway answer.
const listLimit = 5000;

function selectTerminals(executor: Executor, where: SQL | undefined) {
  return executor
    .select(terminalColumns)
    .from(terminals)
    .innerJoin(clients, eq(clients.id, terminals.clientId))
    .leftJoin(subEntities, eq(subEntities.id, terminals.subEntityId))
    .where(where);
}

export async function listScopedTerminals(
  executor: Executor,
  scope: ReportScope,
): Promise<TerminalListRow[]> {
  return selectTerminals(
    executor,
    scopeCondition(scope, sql`${terminals.clientId}`, sql`${terminals.subEntityId}`),
  )
    .orderBy(asc(clients.name), asc(terminals.laneId))
    .limit(listLimit);
}

export async function findTerminal(executor: Executor, id: string): Promise<TerminalListRow | undefined> {
  const [row] = await selectTerminals(executor, eq(terminals.id, id));
  return row;
}

// Locked for the change that follows (same transaction).
export async function lockTerminal(executor: Executor, id: string) {
  const [row] = await executor.select().from(terminals).where(eq(terminals.id, id)).for('update');
  return row;
}

export async function lockTerminalsOfLane(
  executor: Executor,
  laneId: string,
  clientIds: readonly string[] | 'all',
) {
  return executor
    .select()
    .from(terminals)
    .where(
      and(
        eq(terminals.laneId, laneId),
        clientIds === 'all' ? undefined : inArray(terminals.clientId, [...clientIds]),
      ),
    )
    .for('update');
}

export async function findLaneOfMerchant(executor: Executor, clientId: string, laneId: string) {
  const [row] = await executor
    .select({ id: terminals.id })
    .from(terminals)
    .where(and(eq(terminals.clientId, clientId), eq(terminals.laneId, laneId)));
  return row;
}

export async function insertTerminal(executor: Executor, values: typeof terminals.$inferInsert) {
  const [row] = await executor.insert(terminals).values(values).returning({ id: terminals.id });
  if (!row) throw new Error('terminal insert returned nothing');
  return row;
}

export async function setTerminalLocation(executor: Executor, id: string, subEntityId: string | null) {
  await executor.update(terminals).set({ subEntityId }).where(eq(terminals.id, id));
}

export async function deleteTerminalRow(executor: Executor, id: string) {
  await executor.delete(terminals).where(eq(terminals.id, id));
}

export async function findSubLocation(executor: Executor, id: string) {
  const [row] = await executor
    .select({ id: subEntities.id, clientId: subEntities.clientId, name: subEntities.name })
    .from(subEntities)
    .where(eq(subEntities.id, id));
  return row;
}

export async function listMerchantsWithLocations(executor: Executor, scope: ReportScope) {
  const merchants = await executor
    .select({ id: clients.id, name: clients.name, level: clients.level, terminals: clientConfigs.terminals })
    .from(clients)
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .where(
      and(
        eq(clients.level, 'Merchant'),
        scope.kind === 'all' ? undefined : inArray(clients.id, [...scope.clientIds]),
      ),
    )
    .orderBy(asc(clients.name))
    .limit(listLimit);
  const ids = merchants.map((merchant) => merchant.id);
  const locations =
    ids.length === 0
      ? []
      : await executor
          .select({ id: subEntities.id, clientId: subEntities.clientId, name: subEntities.name })
          .from(subEntities)
          .where(inArray(subEntities.clientId, ids))
          .orderBy(asc(subEntities.name));
  return { merchants, locations };
}

export async function findMerchantTerminalsSetting(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({ terminals: clientConfigs.terminals })
    .from(clientConfigs)
    .where(eq(clientConfigs.clientId, clientId))
    .for('share');
  return row?.terminals ?? null;
}

export async function insertPaxOrder(executor: Executor, values: typeof paxOrders.$inferInsert) {
  const [row] = await executor.insert(paxOrders).values(values).returning();
  if (!row) throw new Error('pax order insert returned nothing');
  return row;
}
