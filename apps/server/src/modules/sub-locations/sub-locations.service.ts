import {
  type SubLocation,
  SubLocationErrorCode,
  SubLocationErrorText,
  type updateSubLocationBody,
} from '@portico/contracts/access/sub-locations';
import type { z } from 'zod';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { Db, Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/database-errors';
import {
  countAssignedUsers,
  deleteSubLocationRow,
  insertSubLocation,
  listSubLocations,
  lockSubLocation,
  merchantFieldDefinitions,
  midOverrideOptions,
  replaceMidOverrides,
  updateSubLocationRow,
} from './sub-locations.repository';
import { checkCustomFieldValues, midOverrideOptionsOf } from './sub-locations.rules';

export const SubLocationError = defineErrors({
  DuplicateName: [SubLocationErrorCode.DuplicateName, 'conflict'],
  NotFound: [SubLocationErrorCode.NotFound, 'not_found'],
  InvalidCustomField: [SubLocationErrorCode.InvalidCustomField, 'business_rule'],
  OtherMerchant: [SubLocationErrorCode.OtherMerchant, 'business_rule'],
  HasUsers: [SubLocationErrorCode.HasUsers, 'conflict'],
});

// The merchant the access plugin checked (Permissions on it, within the caller's reach).
function merchantOf(caller: Caller): string {
  const access = caller.merchant;
  if (!access?.merchantExists) throw SubLocationError.NotFound('Merchant not found');
  return access.merchantId;
}

async function audit(
  executor: Executor,
  caller: Caller,
  merchantId: string,
  id: string,
  details: Record<string, unknown>,
) {
  await recordAudit(executor, {
    action: 'sub_location.change',
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: 'sub_location',
    targetId: id,
    clientId: merchantId,
    details,
  });
}

async function readOne(db: Db, merchantId: string, id: string): Promise<SubLocation> {
  const found = (await listSubLocations(db, [merchantId])).find((location) => location.id === id);
  if (!found) throw SubLocationError.NotFound(SubLocationErrorText.NotFound);
  return found;
}

export async function createSubLocation(db: Db, caller: Caller, name: string): Promise<SubLocation> {
  const merchantId = merchantOf(caller);
  const id = await db.transaction(async (tx) => {
    const created = await insertSubLocation(tx, merchantId, name);
    if (!created) throw SubLocationError.DuplicateName(SubLocationErrorText.DuplicateName);
    await audit(tx, caller, merchantId, created, { step: 'create', name });
    return created;
  });
  return readOne(db, merchantId, id);
}

export async function updateSubLocation(
  db: Db,
  caller: Caller,
  id: string,
  body: z.infer<typeof updateSubLocationBody>,
): Promise<SubLocation> {
  const merchantId = merchantOf(caller);
  if (body.merchant && body.merchant.id !== merchantId) {
    throw SubLocationError.OtherMerchant(SubLocationErrorText.OtherMerchant);
  }
  await db.transaction(async (tx) => {
    const current = await lockSubLocation(tx, merchantId, id);
    if (!current) throw SubLocationError.NotFound(SubLocationErrorText.NotFound);
    let customFields = current.customFields;
    if (body.custom_fields) {
      const checked = checkCustomFieldValues(
        body.custom_fields,
        await merchantFieldDefinitions(tx, merchantId),
      );
      if ('problem' in checked) throw SubLocationError.InvalidCustomField(checked.problem);
      customFields = checked.values;
    }
    try {
      await updateSubLocationRow(tx, id, {
        name: body.name,
        ...(body.phone !== undefined ? { phone: body.phone === '' ? null : body.phone } : {}),
        ...(body.address ? { address: body.address } : {}),
        customFields,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw SubLocationError.DuplicateName(SubLocationErrorText.DuplicateName);
      throw error;
    }
    if (body.mid_overrides) {
      await replaceMidOverrides(
        tx,
        id,
        body.mid_overrides.map((override) => ({
          paymentProcessor: override.payment_processor,
          merchantIdentifier: override.merchant_identifier,
        })),
      );
    }
    await audit(tx, caller, merchantId, id, {
      step: 'update',
      fields: Object.keys(body).filter((key) => key !== 'merchant'),
    });
  });
  return readOne(db, merchantId, id);
}

export async function deleteSubLocation(db: Db, caller: Caller, id: string): Promise<{ id: string }> {
  const merchantId = merchantOf(caller);
  await db.transaction(async (tx) => {
    const current = await lockSubLocation(tx, merchantId, id);
    if (!current) throw SubLocationError.NotFound(SubLocationErrorText.NotFound);
    // A user tied only to this location would be left with none, which means every location.
    if ((await countAssignedUsers(tx, id)) > 0)
      throw SubLocationError.HasUsers(SubLocationErrorText.HasUsers);
    await deleteSubLocationRow(tx, id);
    await audit(tx, caller, merchantId, id, { step: 'delete', name: current.name });
  });
  return { id };
}

export async function listMidOverrideOptions(db: Db, caller: Caller) {
  return midOverrideOptionsOf(await midOverrideOptions(db, merchantOf(caller)));
}
