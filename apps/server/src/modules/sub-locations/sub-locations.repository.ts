import type { SubLocation } from '@portico/contracts/access/sub-locations';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subEntities, subEntityMidOverrides, userSubEntities } from '../../db/schema/access';
import { clientConfigs, clientCustomFields, clientKeystore, clients } from '../../db/schema/clients';

type SubLocationRow = typeof subEntities.$inferSelect;

// The sub-entity (sub-location) records of the given merchants: the location, its merchant with the field
// definitions its values follow, and its MID overrides. Three indexed queries, whatever the count.
export async function listSubLocations(
  executor: Executor,
  clientIds: readonly string[],
): Promise<SubLocation[]> {
  if (clientIds.length === 0) return [];
  const rows = await executor
    .select({ location: subEntities, merchantName: clients.name })
    .from(subEntities)
    .innerJoin(clients, eq(clients.id, subEntities.clientId))
    .where(inArray(subEntities.clientId, [...clientIds]))
    .orderBy(asc(subEntities.name), asc(subEntities.id));
  if (rows.length === 0) return [];
  const merchantIds = [...new Set(rows.map((row) => row.location.clientId))];
  const [fields, overrides] = await Promise.all([
    executor
      .select({
        clientId: clientCustomFields.clientId,
        name: clientCustomFields.name,
        type: clientCustomFields.type,
      })
      .from(clientCustomFields)
      .where(inArray(clientCustomFields.clientId, merchantIds))
      .orderBy(asc(clientCustomFields.name)),
    executor
      .select({
        subEntityId: subEntityMidOverrides.subEntityId,
        paymentProcessor: subEntityMidOverrides.paymentProcessor,
        merchantIdentifier: subEntityMidOverrides.merchantIdentifier,
      })
      .from(subEntityMidOverrides)
      .where(
        inArray(
          subEntityMidOverrides.subEntityId,
          rows.map((row) => row.location.id),
        ),
      )
      .orderBy(asc(subEntityMidOverrides.paymentProcessor)),
  ]);
  return rows.map(({ location, merchantName }) => toSubLocation(location, merchantName, fields, overrides));
}

function toSubLocation(
  location: SubLocationRow,
  merchantName: string,
  fields: { clientId: string; name: string; type: 'text' | 'number' }[],
  overrides: {
    subEntityId: string;
    paymentProcessor: SubLocation['mid_overrides'][number]['payment_processor'];
    merchantIdentifier: string;
  }[],
): SubLocation {
  return {
    id: location.id,
    name: location.name,
    merchant_id: location.clientId,
    merchant: {
      id: location.clientId,
      name: merchantName,
      merchant_sub_entity_custom_fields: fields
        .filter((field) => field.clientId === location.clientId)
        .map((field) => ({ name: field.name, type: field.type })),
    },
    phone: location.phone,
    address: location.address,
    custom_fields: location.customFields,
    mid_overrides: overrides
      .filter((override) => override.subEntityId === location.id)
      .map((override) => ({
        payment_processor: override.paymentProcessor,
        merchant_identifier: override.merchantIdentifier,
      })),
  };
}

export async function findSubLocation(executor: Executor, merchantId: string, id: string) {
  const [row] = await executor
    .select()
    .from(subEntities)
    .where(and(eq(subEntities.id, id), eq(subEntities.clientId, merchantId)));
  return row;
}

export async function lockSubLocation(executor: Executor, merchantId: string, id: string) {
  const [row] = await executor
    .select()
    .from(subEntities)
    .where(and(eq(subEntities.id, id), eq(subEntities.clientId, merchantId)))
    .for('update');
  return row;
}

export async function insertSubLocation(
  executor: Executor,
  merchantId: string,
  name: string,
): Promise<string> {
  const [row] = await executor
    .insert(subEntities)
    .values({ clientId: merchantId, name })
    .onConflictDoNothing()
    .returning({ id: subEntities.id });
  return row?.id ?? '';
}

export async function merchantFieldDefinitions(executor: Executor, merchantId: string) {
  return executor
    .select({ name: clientCustomFields.name, type: clientCustomFields.type })
    .from(clientCustomFields)
    .where(eq(clientCustomFields.clientId, merchantId));
}

export async function updateSubLocationRow(
  executor: Executor,
  id: string,
  values: Partial<Pick<SubLocationRow, 'name' | 'phone' | 'address' | 'customFields'>>,
): Promise<boolean> {
  const rows = await executor
    .update(subEntities)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subEntities.id, id))
    .returning({ id: subEntities.id });
  return rows.length > 0;
}

export async function replaceMidOverrides(
  executor: Executor,
  subEntityId: string,
  overrides: readonly {
    paymentProcessor: SubLocation['mid_overrides'][number]['payment_processor'];
    merchantIdentifier: string;
  }[],
): Promise<void> {
  await executor.delete(subEntityMidOverrides).where(eq(subEntityMidOverrides.subEntityId, subEntityId));
  if (overrides.length === 0) return;
  await executor
    .insert(subEntityMidOverrides)
    .values(overrides.map((override) => ({ subEntityId, ...override })));
}

export async function countAssignedUsers(executor: Executor, subEntityId: string): Promise<number> {
  const [row] = await executor
    .select({ users: count() })
    .from(userSubEntities)
    .where(eq(userSubEntities.subEntityId, subEntityId));
  return row?.users ?? 0;
}

export async function deleteSubLocationRow(executor: Executor, id: string): Promise<void> {
  await executor.delete(subEntities).where(eq(subEntities.id, id));
}

// The processors the merchant runs on, with its own identifiers there (the keystore's), and those
// already overridden on one of its locations.
export async function midOverrideOptions(executor: Executor, merchantId: string) {
  const [config] = await executor
    .select({ payment: clientConfigs.payment, ach: clientConfigs.ach, crypto: clientConfigs.crypto })
    .from(clientConfigs)
    .where(eq(clientConfigs.clientId, merchantId));
  const [keystore] = await executor
    .select()
    .from(clientKeystore)
    .where(eq(clientKeystore.clientId, merchantId));
  const overridden = await executor
    .selectDistinct({ paymentProcessor: subEntityMidOverrides.paymentProcessor })
    .from(subEntityMidOverrides)
    .innerJoin(subEntities, eq(subEntities.id, subEntityMidOverrides.subEntityId))
    .where(eq(subEntities.clientId, merchantId));
  return { config, keystore, overridden: overridden.map((row) => row.paymentProcessor) };
}
