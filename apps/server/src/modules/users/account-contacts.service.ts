import type { accountContactBody } from '@portico/contracts/access/user-admin';
import type { AccountUser } from '@portico/contracts/enrollment/enrollment-actions';
import type { z } from 'zod';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { authorizeClient, reviewRoles } from '../../access/owner-access';
import type { Db } from '../../db/client';
import { ClientError, insertAccountUser } from '../enrollment-actions/account-users.service';

// POST /api/user in the account page's shape: a user or contact of the account. Those who
// see Users & Contacts there (staff and parents) may add one within their reach, as
// GET /api/client/users lists them; a foreign account is a 403 and nothing is written.
export async function createAccountContact(
  db: Db,
  caller: Caller,
  body: z.output<typeof accountContactBody>,
): Promise<AccountUser> {
  if (!reviewRoles.includes(caller.actingRole)) await denyAccess(caller, 'role');
  const access = await authorizeClient(db, caller, body.client_id);
  if (!access.merchantExists) throw ClientError.NotFound();
  return insertAccountUser(db, caller, {
    name: body.name,
    email: body.email,
    phone: body.phone,
    userType: body.user_type,
    label: body.label,
    clientId: body.client_id,
    isDisabled: false,
    isLockedOut: body.is_locked_out,
  });
}
