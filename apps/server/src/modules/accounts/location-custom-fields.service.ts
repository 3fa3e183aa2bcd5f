import { AccountErrorCode } from '@portico/contracts/clients/account-detail';
import type { LocationCustomField } from '@portico/contracts/clients/location-custom-fields';
import { eq } from 'drizzle-orm';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import type { Db } from '../../db/client';
import { clientCustomFields } from '../../db/schema/clients';
import { recordAudit } from '../../lib/audit';
import { listLocationCustomFields } from './accounts.repository';
import { accountSectionsOf } from './accounts.service';

// Settings, location custom fields: the merchant's definitions in client_custom_fields,
// which the sub-locations calls validate a location's values against.

const refusal = {
  code: AccountErrorCode.SectionNotAllowed,
  message: 'Settings are not yours to see or change.',
};

const describeFields = (fields: readonly LocationCustomField[]) =>
  fields.length === 0 ? null : fields.map((field) => `${field.name} (${field.type})`).join(', ');

// GET: for a caller who sees the account's Settings.
export async function readLocationCustomFields(
  db: Db,
  caller: Caller,
  clientId: string,
): Promise<LocationCustomField[]> {
  const sections = await accountSectionsOf(db, caller, clientId);
  if (!sections.visible.includes('settings')) {
    await denyAccess(caller, 'permission', { merchantId: clientId, ...refusal });
  }
  return listLocationCustomFields(db, clientId);
}

// PUT: the whole list replaces the stored one, for a caller who may edit Settings; audited as an
// account change (the Events panel shows the old and new lists).
export async function replaceLocationCustomFields(
  db: Db,
  caller: Caller,
  clientId: string,
  fields: readonly LocationCustomField[],
): Promise<LocationCustomField[]> {
  const sections = await accountSectionsOf(db, caller, clientId);
  if (!sections.editable.includes('settings')) {
    await denyAccess(caller, 'permission', { merchantId: clientId, ...refusal });
  }
  return db.transaction(async (tx) => {
    const before = await listLocationCustomFields(tx, clientId);
    await tx.delete(clientCustomFields).where(eq(clientCustomFields.clientId, clientId));
    if (fields.length > 0) {
      await tx
        .insert(clientCustomFields)
        .values(fields.map((field) => ({ clientId, name: field.name, type: field.type })));
    }
    const after = await listLocationCustomFields(tx, clientId);
    const [old, now] = [describeFields(before), describeFields(after)];
    if (old !== now) {
      await recordAudit(tx, {
        action: 'account.edit',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'client',
        targetId: clientId,
        clientId,
        details: { changes: [{ field: 'location_custom_fields', old, new: now }] },
      });
    }
    return after;
  });
}
