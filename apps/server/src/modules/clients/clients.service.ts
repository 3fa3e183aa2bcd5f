import type { UserType } from '@portico/contracts/auth/roles';
import type { ClientRecord, SubEntitySummary } from '@portico/contracts/clients/client';
import type { Caller } from '../../access/caller';
import { findDefaultClientId } from '../../access/merchant-scope.repository';
import type { Executor } from '../../db/client';
import type { Customizations } from '../../db/schema/clients';
import { defineErrors } from '../../lib/app-error';
import { findClientWithConfiguration, listSubEntities, listUserSubEntityIds } from './clients.repository';

export const ClientsError = defineErrors({
  ClientNotFound: ['CLIENT_NOT_FOUND', 'not_found'],
  OtherUsersLocations: ['FORBIDDEN', 'forbidden'],
});

type ClientRow = NonNullable<Awaited<ReturnType<typeof findClientWithConfiguration>>>;

// The stored configuration with its defaults filled in (the default search page is classic).
export function toClientConfiguration(
  row: Pick<ClientRow, 'metaFieldSearch' | 'metaFieldSearchTerm' | 'customizations'>,
): ClientRecord['config'] {
  const customizations: Customizations = row.customizations ?? {};
  return {
    meta_field_search: row.metaFieldSearch ?? false,
    meta_field_search_term: row.metaFieldSearchTerm ?? null,
    customizations: {
      default_search_page: customizations.default_search_page ?? 'classic',
      custom_fields: (customizations.custom_fields ?? []).filter((name) => name.trim() !== ''),
    },
  };
}

export function toClientRecord(row: ClientRow): ClientRecord {
  return {
    id: row.id,
    name: row.name,
    legal_name: row.legalName,
    dba_name: row.dbaName,
    level: row.level,
    parent: row.parent,
    config: toClientConfiguration(row),
    merchant_sub_entity_custom_fields: Object.fromEntries(
      row.customFields.map((field) => [field.name, { name: field.name, type: field.type }]),
    ),
  };
}

// The named client (reach already checked by the access plugin), else the viewed client, else the
// caller's default client.
export async function readClient(executor: Executor, caller: Caller): Promise<ClientRecord> {
  const clientId =
    caller.merchant?.merchantId ??
    caller.viewAsClientId ??
    (await findDefaultClientId(executor, caller.session.userId));
  const row = clientId === null ? null : await findClientWithConfiguration(executor, clientId);
  if (!row) throw ClientsError.ClientNotFound('Client not found');
  return toClientRecord(row);
}

// Roles that manage other people's locations (sub-locations are for staff and alpha).
const manageOthersLocations: readonly UserType[] = ['admin', 'healnow', 'alpha'];

// A user's locations at a merchant: the ones they are tied to, else every location of the merchant.
export async function userLocations(
  executor: Executor,
  caller: Caller,
  merchantId: string,
  userId: string,
): Promise<SubEntitySummary[]> {
  if (userId !== caller.session.userId && !manageOthersLocations.includes(caller.actingRole)) {
    throw ClientsError.OtherUsersLocations('You may only read your own locations');
  }
  const [locations, tiedTo] = await Promise.all([
    listSubEntities(executor, merchantId),
    listUserSubEntityIds(executor, userId, merchantId),
  ]);
  if (tiedTo.length === 0) return locations;
  const tied = new Set(tiedTo);
  return locations.filter((location) => tied.has(location.id));
}
