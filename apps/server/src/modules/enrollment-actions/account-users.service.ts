import {
  type AccountUser,
  type ClientUserEntry,
  type newUserBody,
  EnrollmentActionText as Text,
} from '@portico/contracts/enrollment/enrollment-actions';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/database-errors';
import type { Caller } from '../notes/owner-access';
import { ActionError, actorOf } from './enrollment-actions.common';
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

// The access plugin checked reach; staff may name a client that does not exist (404, not empty).
export function requireExistingClient(request: FastifyRequest): void {
  if (request.merchantAccess && !request.merchantAccess.merchantExists) throw ClientError.NotFound();
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
export async function accountUsers(
  db: Db,
  request: FastifyRequest,
  clientId: string,
): Promise<ClientUserEntry[]> {
  requireExistingClient(request);
  const records = await listAccountUsers(db, clientId);
  return records.map((record) => [
    record.id,
    clientId,
    record.createdAt.toISOString(),
    toAccountUser(record, clientId),
  ]);
}

// POST /api/user/new: a user (who signs in, member of the account) or a contact (on file only).
export async function createAccountUser(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  body: z.output<typeof newUserBody>,
): Promise<AccountUser> {
  requireExistingClient(request);
  if (await findUserByEmail(db, body.email)) throw ActionError.DuplicateEmail(Text.DuplicateEmail);
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        name: body.name,
        email: body.email,
        phone: body.phone,
        userType: body.user_type,
        label: body.label,
        defaultClientId: body.clientid,
        isDisabled: body.disabled,
      });
      // A contact never signs in, so it holds no membership.
      if (body.user_type === 'user') await ensureMembership(tx, user.id, body.clientid);
      await recordAudit(tx, {
        action: 'user.create',
        outcome: 'success',
        ...actorOf(request, caller),
        targetType: 'user',
        targetId: user.id,
        clientId: body.clientid,
        details: { user_type: body.user_type, label: body.label },
      });
      return toAccountUser(user, body.clientid);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ActionError.DuplicateEmail(Text.DuplicateEmail);
    throw error;
  }
}
