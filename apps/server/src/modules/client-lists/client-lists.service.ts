import type {
  ClientListRow,
  ClientTuple,
  myConfigurationSchema,
} from '@portico/contracts/clients/client-lists';
import type { z } from 'zod';
import type { Caller } from '../../access/caller';
import { findDefaultClientId, listMembershipClientIds } from '../../access/merchant-scope.repository';
import type { Executor } from '../../db/client';
import { successListAnswer } from '../../lib/json-text';
import { toClientConfiguration } from '../clients/clients.service';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import {
  type ClientRowRecord,
  type ClientScope,
  listClientRows,
  listConfigurationsOf,
  merchantGridJsonRows,
} from './client-lists.repository';

// Staff reach every client; anyone else (and anyone viewing as a client) the clients of
// listMerchantsUserCanActFor: a parent its hierarchy, a merchant user its memberships.
export async function scopeOf(executor: Executor, caller: Caller): Promise<ClientScope> {
  if (caller.isStaff && caller.viewAsClientId === null) return { kind: 'all' };
  const reachable = await listMerchantsUserCanActFor(executor, caller.session, caller.viewAsClientId);
  return { kind: 'clients', clientIds: reachable.map((client) => client.id) };
}

function toClientListRow(row: ClientRowRecord): ClientListRow {
  return {
    id: row.id,
    parent: row.parentName,
    legal_name: row.legalName,
    dba_name: row.dbaName,
    config: { enabled: row.isActive, payment: row.payment, ach: row.ach },
    updated_at: row.updatedAt,
  };
}

// GET /api/client/all as sent: the success envelope around the rows the database wrote as JSON.
export async function merchantGridJson(executor: Executor, caller: Caller): Promise<Buffer> {
  return successListAnswer(await merchantGridJsonRows(executor, await scopeOf(executor, caller)));
}

// GET /api/portal/clients: the Admin Accounts list, one row per client.
export async function clientListRows(executor: Executor, caller: Caller): Promise<ClientListRow[]> {
  const rows = await listClientRows(executor, await scopeOf(executor, caller));
  return rows.map(toClientListRow);
}

// GET /api/clients: [id, parent id, level, name] per client in reach.
export async function clientTuples(executor: Executor, caller: Caller): Promise<ClientTuple[]> {
  const rows = await listClientRows(executor, await scopeOf(executor, caller));
  return rows.map((row) => [row.id, row.parentId, row.level, row.name]);
}

type MyConfiguration = z.infer<typeof myConfigurationSchema>;

// GET /api/client/my-configurations: the caller's default client first, then its memberships; the
// defaults of GET /api/client filled in.
export async function myConfigurations(executor: Executor, caller: Caller): Promise<MyConfiguration[]> {
  const [defaultClientId, memberIds] = await Promise.all([
    findDefaultClientId(executor, caller.session.userId),
    listMembershipClientIds(executor, caller.session.userId),
  ]);
  const ids = [...new Set([...(defaultClientId ? [defaultClientId] : []), ...memberIds])];
  const rows = await listConfigurationsOf(executor, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, name: row.name, config: toClientConfiguration(row) }] : [];
  });
}
