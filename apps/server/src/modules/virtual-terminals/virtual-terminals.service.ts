import { Permission } from '@portico/contracts/access/permission-names';
import type { ApiKeyRecord } from '@portico/contracts/virtual-terminals/api-keys';
import {
  bearerTokenOf,
  type VirtualTerminalCustomField,
  VirtualTerminalErrorCode,
  VirtualTerminalText,
  type VirtualTerminalUrl,
  virtualTerminalCustomFieldSchema,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { authorizeClient, type Caller, denyAccess } from '../notes/owner-access';
import {
  bypassesMerchantPermissions,
  canReachEveryMerchant,
  listMerchantsUserCanActFor,
} from '../rbac/rbac.service';
import { findClientAccessFacts } from '../reporting/reporting.repository';
import {
  findClientIdByApiKey,
  findVirtualTerminalUrl,
  listMerchantApiKeys,
  listVirtualTerminalUrls,
} from './virtual-terminals.repository';

export const VirtualTerminalError = defineErrors({
  ApiKeyRequired: [VirtualTerminalErrorCode.ApiKeyRequired, 'validation'],
  TerminalNotFound: [VirtualTerminalErrorCode.TerminalNotFound, 'not_found'],
});

const auditorDenial = {
  code: 'PROCESSOR_AUDIT_READ_ONLY',
  message: 'Processor audit users cannot use virtual terminals',
} as const;

// The merchants whose terminal the caller may open: reached in their own right (narrowed to the
// viewed client while viewing as one) and, spec 3 §6, holding Virtual Terminal there. Admin skips
// per-merchant permissions. Nobody gets a key of a merchant outside that set.
async function merchantIdsWithVirtualTerminal(db: Db, caller: Caller): Promise<readonly string[] | 'all'> {
  const isAdmin = bypassesMerchantPermissions(caller.session.role);
  if (isAdmin && caller.viewAsClientId === null) return 'all';
  const reachable = (await listMerchantsUserCanActFor(db, caller.session, caller.viewAsClientId))
    .filter((client) => client.level === 'Merchant')
    .map((client) => client.id);
  if (isAdmin) return reachable;
  const isStaff = canReachEveryMerchant(caller.session.role);
  const facts = await findClientAccessFacts(db, caller.session.userId, reachable);
  return facts
    .filter(
      (fact) =>
        (isStaff || fact.hasMembership) &&
        (!fact.rbacEnabled || fact.grantedPermissions.includes(Permission.VirtualTerminal)),
    )
    .map((fact) => fact.clientId);
}

// GET /api/user/apikeys (spec 2 §3, spec 3 §7).
export async function listApiKeys(db: Db, request: FastifyRequest, caller: Caller): Promise<ApiKeyRecord[]> {
  // Read-only auditors never see the virtual terminal tools (spec 3 §2), nor the keys behind them.
  if (caller.session.isProcessorAuditUser) {
    return denyAccess(db, request, caller, 'role', auditorDenial);
  }
  const rows = await listMerchantApiKeys(db, await merchantIdsWithVirtualTerminal(db, caller));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    apikey: row.apiKey,
    public_key: row.publicKey,
  }));
}

// Stored custom fields are kept only in the shape the contract allows; anything else is left out
// rather than failing the whole terminal.
function customFieldsOf(stored: unknown): VirtualTerminalCustomField[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((field) => {
    const parsed = virtualTerminalCustomFieldSchema.safeParse(field);
    return parsed.success ? [parsed.data] : [];
  });
}

function recordOf(row: Awaited<ReturnType<typeof listVirtualTerminalUrls>>[number]): VirtualTerminalUrl {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    is_active: row.isActive,
    customFields: customFieldsOf(row.customFields),
    url_id: row.urlId,
  };
}

// The merchant the bearer API key names, once the signed-in caller is known to reach it with
// Virtual Terminal. The key only names the merchant: it never stands in for the session. An unknown
// key is refused like a merchant out of reach (no oracle for valid keys).
async function authorizeApiKey(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  authorization: string | undefined,
): Promise<string> {
  const apiKey = bearerTokenOf(authorization);
  if (apiKey === null) throw VirtualTerminalError.ApiKeyRequired(VirtualTerminalText.ApiKeyRequired);
  const clientId = await findClientIdByApiKey(db, apiKey);
  if (clientId === null) return denyAccess(db, request, caller, 'merchant');
  const access = await authorizeClient(db, request, caller, clientId);
  if (!access.effectivePermissions.includes(Permission.VirtualTerminal)) {
    return denyAccess(db, request, caller, 'permission', {
      merchantId: clientId,
      permission: Permission.VirtualTerminal,
    });
  }
  return clientId;
}

// GET /api/virtualterminalurl (spec 2 §7, spec 3 §7): the list, or one terminal with ?id=.
export async function virtualTerminalUrls(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  authorization: string | undefined,
  terminalId: string | undefined,
): Promise<VirtualTerminalUrl | VirtualTerminalUrl[]> {
  const clientId = await authorizeApiKey(db, request, caller, authorization);
  if (terminalId === undefined) return (await listVirtualTerminalUrls(db, clientId)).map(recordOf);
  const row = await findVirtualTerminalUrl(db, clientId, terminalId);
  if (!row) throw VirtualTerminalError.TerminalNotFound(VirtualTerminalText.TerminalNotFound);
  return recordOf(row);
}
