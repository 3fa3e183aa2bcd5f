import { asc, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { maxHierarchyDepth } from '../../access/merchant-scope.repository';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { queryRows } from '../../db/sql-rows';

const clientSummaryColumns = {
  id: clients.id,
  name: clients.name,
  dbaName: clients.dbaName,
  level: clients.level,
  parentId: clients.parentId,
};

export async function listAllClientSummaries(executor: Executor) {
  return executor.select(clientSummaryColumns).from(clients).orderBy(asc(clients.name), asc(clients.id));
}

export async function listClientSummaries(executor: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return executor
    .select(clientSummaryColumns)
    .from(clients)
    .where(inArray(clients.id, [...ids]))
    .orderBy(asc(clients.name), asc(clients.id));
}

const clientSummaryRow = z.object({
  id: z.string(),
  name: z.string(),
  dba_name: z.string().nullable(),
  level: z.enum(['Parent', 'Merchant']),
  parent_id: z.string().nullable(),
});
export type ClientSummary = {
  id: string;
  name: string;
  dbaName: string | null;
  level: 'Parent' | 'Merchant';
  parentId: string | null;
};

// Every client below the given ones (not the roots themselves), by name, in one recursive query.
export async function listDescendantSummaries(
  executor: Executor,
  rootIds: readonly string[],
): Promise<ClientSummary[]> {
  if (rootIds.length === 0) return [];
  const roots = sql.join(
    rootIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows(
    executor,
    sql`
      with recursive below (id, depth) as (
        select c.id, 1 from clients c where c.parent_id in (${roots})
        union all
        select c.id, below.depth + 1 from clients c join below on c.parent_id = below.id
        where below.depth < ${maxHierarchyDepth}
      )
      select c.id::text as id, c.name, c.dba_name, c.level::text as level, c.parent_id::text as parent_id
      from clients c
      where c.id in (select id from below)
      order by c.name, c.id
    `,
  );
  return rows.map((row) => {
    const parsed = clientSummaryRow.parse(row);
    return {
      id: parsed.id,
      name: parsed.name,
      dbaName: parsed.dba_name,
      level: parsed.level,
      parentId: parsed.parent_id,
    };
  });
}
