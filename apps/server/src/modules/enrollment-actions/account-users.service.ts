import {
  type AccountUser,
  type AccountUserType,
  type ClientUserEntry,
  type newUserBody,
  EnrollmentActionText as Text,
  type UserCategory,
} from '@portico/contracts/enrollment/enrollment-actions';
import type { z } from 'zod';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/database-errors';
import { ActionError } from './enrollment-actions.common';
import {
  type AccountUserRecord,
  ensureMembership,
  findUserByEmail,
  insertUser,
  listAccountUsers,
} from './enrollment-actions.repository';

export const ClientError = {
  NotFound: () => new AppError('CLIENT_NOT_FOUND', 'not_found', 'Client not found'),
};

// The access layer checked reach; staff may name a client that does not exist (404, not empty).
export function requireExistingClient(caller: Caller): void {
  if (caller.merchant && !caller.merchant.merchantExists) throw ClientError.NotFound();
}

function toAccountUser(record: AccountUserRecord, clientId: string): AccountUser {
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    phone: record.phone,
    user_type: record.userType,
    label: record.label,
    client_id: clientId,
    disabled: record.isDisabled,
    is_locked_out: record.isLockedOut,
  };
}

// GET /api/client/users?id={clientid}: the account's users and contacts as [id, client, created, user].
export async function accountUsers(db: Db, caller: Caller, clientId: string): Promise<ClientUserEntry[]> {
  requireExistingClient(caller);
  const records = await listAccountUsers(db, clientId);
  return records.map((record) => [
    record.id,
    clientId,
    record.createdAt.toISOString(),
    toAccountUser(record, clientId),
  ]);
}

// A user or contact of an account, as both add forms (enrollment page, account page) send it.
export type NewAccountUser = {
  name: string;
  email: string;
  phone: string | null;
  userType: AccountUserType;
  label: UserCategory;
  clientId: string;
  isDisabled: boolean;
  isLockedOut: boolean;
};

// A user (who signs in, member of the account) or a contact (on file only), audited; the caller's
// reach of the account was checked before.
export async function insertAccountUser(db: Db, caller: Caller, user: NewAccountUser): Promise<AccountUser> {
  if (await findUserByEmail(db, user.email)) throw ActionError.DuplicateEmail(Text.DuplicateEmail);
  try {
    return await db.transaction(async (tx) => {
      const record = await insertUser(tx, {
        name: user.name,
        email: user.email,
        phone: user.phone,
        userType: user.userType,
        label: user.label,
        defaultClientId: user.clientId,
        isDisabled: user.isDisabled,
        isLockedOut: user.isLockedOut,
      });
      // A contact never signs in, so it holds no membership.
      if (user.userType === 'user') await ensureMembership(tx, record.id, user.clientId);
      await recordAudit(tx, {
        action: 'user.create',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'user',
        targetId: record.id,
        clientId: user.clientId,
        details: { user_type: user.userType, label: user.label },
      });
      return toAccountUser(record, user.clientId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ActionError.DuplicateEmail(Text.DuplicateEmail);
    throw error;
  }
}

// POST /api/user/new (the enrollment page): every field required.
export async function createAccountUser(
  db: Db,
  caller: Caller,
  body: z.output<typeof newUserBody>,
): Promise<AccountUser> {
  requireExistingClient(caller);
  return insertAccountUser(db, caller, {
    name: body.name,
    email: body.email,
    phone: body.phone,
    userType: body.user_type,
    label: body.label,
    clientId: body.clientid,
    isDisabled: body.disabled,
    isLockedOut: false,
  });
}
