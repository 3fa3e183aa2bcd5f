import { Permission } from '@portico/contracts/access/permission-names';
import { type CustomFieldAccess, customFieldAccessSchema } from '@portico/contracts/access/rbac-admin';
import {
  type ApiKeyRecord,
  ApiKeysErrorCode,
  ApiKeysText,
  type RevealedSecretKey,
  type RevealSecretKeyBody,
  type RolledSecretKey,
  type RollSecretKeyBody,
} from '@portico/contracts/virtual-terminals/api-keys';
import {
  ConfiguratorErrorCode,
  ConfiguratorText,
  type SaveVirtualTerminalBody,
} from '@portico/contracts/virtual-terminals/terminal-configuration';
import {
  bearerTokenOf,
  type VirtualTerminalCustomField,
  VirtualTerminalErrorCode,
  VirtualTerminalText,
  type VirtualTerminalUrl,
  virtualTerminalCustomFieldSchema,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import {
  bypassesMerchantPermissions,
  canReachEveryMerchant,
  findHolderClientAccessFacts,
} from '../../access/merchant-scope';
import { authorizeClient } from '../../access/owner-access';
import type { Db, Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { maskedFromLastFour } from '../../lib/masking';
import { newSecretApiKey, openSecretApiKey, sealedSecretApiKey } from '../../lib/secret-api-key';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import { newUrlId, terminalValuesOf } from './terminal-record';
import {
  findClientIdByPublicKey,
  findGoverningFieldAccess,
  findMerchantSealedSecretKey,
  findVirtualTerminalUrl,
  insertVirtualTerminalUrl,
  isSecretApiKey,
  listMerchantApiKeys,
  listVirtualTerminalUrls,
  lockMerchantSecretKey,
  replaceSecretKey,
  updateVirtualTerminalStatus,
  updateVirtualTerminalUrl,
} from './virtual-terminals.repository';

export const VirtualTerminalError = defineErrors({
  ApiKeyRequired: [VirtualTerminalErrorCode.ApiKeyRequired, 'validation'],
  TerminalNotFound: [VirtualTerminalErrorCode.TerminalNotFound, 'not_found'],
  MerchantNotFound: [ApiKeysErrorCode.MerchantNotFound, 'not_found'],
  SecretKeyInAddress: [ConfiguratorErrorCode.SecretKeyInAddress, 'validation'],
  ApiKeyMismatch: [ConfiguratorErrorCode.ApiKeyMismatch, 'validation'],
  InvalidCustomFields: [ConfiguratorErrorCode.InvalidCustomFields, 'business_rule'],
  InvalidUrl: [ConfiguratorErrorCode.InvalidUrl, 'validation'],
});

const auditorDenial = {
  code: 'PROCESSOR_AUDIT_READ_ONLY',
  message: 'Processor audit users cannot use virtual terminals',
} as const;

// The permissions that let a user read and roll a merchant's secret key: the tools that need
// it (payment pages, terminal configuration). A cashier running the terminal needs only the
// publishable key.
const secretKeyPermissions: readonly string[] = [
  Permission.PaymentPages,
  Permission.VirtualTerminalConfiguration,
];

export function grantsSecretKey(permissions: readonly string[]): boolean {
  return permissions.some((permission) => secretKeyPermissions.includes(permission));
}

type KeyReach = { clientId: string; mayReadSecret: boolean };

// The merchants whose terminal the caller may open: reached in their own right (narrowed to the
// viewed client while viewing as one) and holding Virtual Terminal there. Admin skips
// per-merchant permissions. Nobody gets a key of a merchant outside that set; the secret key only
// where the caller is staff or grantsSecretKey holds there.
async function merchantsWithVirtualTerminal(db: Db, caller: Caller): Promise<readonly KeyReach[] | 'all'> {
  const isAdmin = bypassesMerchantPermissions(caller.session.role);
  if (isAdmin && caller.viewAsClientId === null) return 'all';
  const reachable = (await listMerchantsUserCanActFor(db, caller.session, caller.viewAsClientId))
    .filter((client) => client.level === 'Merchant')
    .map((client) => client.id);
  if (isAdmin) return reachable.map((clientId) => ({ clientId, mayReadSecret: true }));
  const isStaff = canReachEveryMerchant(caller.session.role);
  const facts = await findHolderClientAccessFacts(db, caller.session, { ids: reachable });
  return facts
    .filter(
      (fact) =>
        (isStaff || fact.hasMembership) &&
        (!fact.rbacEnabled || fact.grantedPermissions.includes(Permission.VirtualTerminal)),
    )
    .map((fact) => ({
      clientId: fact.clientId,
      mayReadSecret: isStaff || !fact.rbacEnabled || grantsSecretKey(fact.grantedPermissions),
    }));
}

// GET /api/user/apikeys. The secret key only masked, where the caller may read it: listing the
// keys reveals none, so it decrypts nothing and writes no apikey.reveal entry.
export async function listApiKeys(db: Db, caller: Caller): Promise<ApiKeyRecord[]> {
  // Read-only auditors never see the virtual terminal tools, nor the keys behind them.
  if (caller.session.isProcessorAuditUser) {
    return denyAccess(caller, 'role', auditorDenial);
  }
  const reach = await merchantsWithVirtualTerminal(db, caller);
  const rows = await listMerchantApiKeys(db, reach === 'all' ? 'all' : reach.map((r) => r.clientId));
  const secretReadable =
    reach === 'all' ? null : new Set(reach.filter((r) => r.mayReadSecret).map((r) => r.clientId));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    apikey:
      secretReadable === null || secretReadable.has(row.id) ? maskedFromLastFour(row.apiKeyLast4) : null,
    public_key: row.publicKey,
  }));
}

// Reading (revealing) and rolling a merchant's secret key need the same: reach of the merchant, and
// staff or grantsSecretKey there. Processor-audit users never handle it.
async function authorizeSecretKey(db: Db, caller: Caller, clientId: string): Promise<void> {
  if (caller.session.isProcessorAuditUser) return denyAccess(caller, 'role', auditorDenial);
  const access = await authorizeClient(db, caller, clientId);
  if (!canReachEveryMerchant(caller.session.role) && !grantsSecretKey(access.effectivePermissions)) {
    return denyAccess(caller, 'permission', {
      merchantId: clientId,
      permission: Permission.VirtualTerminalConfiguration,
    });
  }
}

// POST /api/user/apikeys/reveal: the merchant's secret key in full, asked for one merchant at a
// time. Each answer writes one apikey.reveal entry naming the merchant (never the key).
export async function revealSecretApiKey(
  db: Db,
  cipher: () => FieldCipher,
  caller: Caller,
  body: RevealSecretKeyBody,
): Promise<RevealedSecretKey> {
  await authorizeSecretKey(db, caller, body.client_id);
  const sealed = await findMerchantSealedSecretKey(db, body.client_id);
  if (sealed === null) throw VirtualTerminalError.MerchantNotFound(ApiKeysText.MerchantNotFound);
  const apiKey = openSecretApiKey(cipher(), sealed);
  await recordAudit(db, {
    action: 'apikey.reveal',
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: 'client',
    targetId: body.client_id,
    clientId: body.client_id,
  });
  return { id: body.client_id, apikey: apiKey };
}

// POST /api/user/apikeys/roll: a new secret key for the merchant named in the body (the access
// layer checked reach), shown once in this answer; the old one keeps working for the grace
// period. Needs what revealing the key needs; the change and its audit entry commit together.
export async function rollSecretApiKey(
  db: Db,
  cipher: () => FieldCipher,
  caller: Caller,
  body: RollSecretKeyBody,
): Promise<RolledSecretKey> {
  await authorizeSecretKey(db, caller, body.client_id);
  const apiKey = newSecretApiKey();
  return db.transaction(async (tx) => {
    const current = await lockMerchantSecretKey(tx, body.client_id);
    if (!current) throw VirtualTerminalError.MerchantNotFound(ApiKeysText.MerchantNotFound);
    const previousExpiresAt = await replaceSecretKey(
      tx,
      body.client_id,
      sealedSecretApiKey(cipher().encrypt, apiKey),
      { apiKeyHash: current.apiKeyHash, graceDays: body.grace_days },
    );
    await recordAudit(tx, {
      action: 'apikey.roll',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: body.client_id,
      clientId: body.client_id,
      details: {
        grace_days: body.grace_days,
        previous_key_expires_at: previousExpiresAt?.toISOString() ?? null,
      },
    });
    return {
      id: body.client_id,
      apikey: apiKey,
      previous_key_expires_at: previousExpiresAt?.toISOString() ?? null,
    };
  });
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

// The custom fields of a stored terminal of the merchant (the charge path reads them); null when the
// merchant has no such terminal.
export async function storedTerminalFields(
  db: Executor,
  clientId: string,
  terminalId: string,
): Promise<VirtualTerminalCustomField[] | null> {
  const row = await findVirtualTerminalUrl(db, clientId, terminalId);
  return row ? customFieldsOf(row.customFields) : null;
}

// The custom-field access of the caller's role on the merchant's terminals, where roles
// restrict (an RBAC merchant, a caller whose merchant permissions are not bypassed). null: every
// field as the terminal configures it.
export async function roleFieldAccessOf(
  db: Executor,
  session: { userId: string; role: Caller['session']['role'] },
  merchantId: string,
): Promise<CustomFieldAccess | null> {
  if (bypassesMerchantPermissions(session.role)) return null;
  const facts = await findGoverningFieldAccess(db, session.userId, merchantId);
  if (!facts.rbacEnabled || facts.access === null) return null;
  const parsed = customFieldAccessSchema.safeParse(facts.access);
  // An unreadable stored map hides nothing it cannot read: the fields stay as configured.
  return parsed.success ? parsed.data : null;
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

// The merchant the bearer key names, once the signed-in caller is known to reach it with Virtual
// Terminal (and, to change terminals, Virtual Terminal Configuration). The key comes from the page's
// address, so it is the publishable key: a secret key there is refused outright. The
// key only names the merchant: it never stands in for the session. An unknown key is refused like a
// merchant out of reach (no oracle for valid keys).
async function authorizeApiKey(
  db: Db,
  caller: Caller,
  authorization: string | undefined,
  { toConfigure }: { toConfigure: boolean } = { toConfigure: false },
): Promise<{ clientId: string; publicKey: string }> {
  const publicKey = bearerTokenOf(authorization);
  if (publicKey === null) throw VirtualTerminalError.ApiKeyRequired(VirtualTerminalText.ApiKeyRequired);
  const clientId = await findClientIdByPublicKey(db, publicKey);
  if (clientId === null) {
    if (await isSecretApiKey(db, publicKey)) {
      throw VirtualTerminalError.SecretKeyInAddress(ConfiguratorText.SecretKeyInAddress);
    }
    return denyAccess(caller, 'merchant');
  }
  // Read-only auditors never use the virtual terminal tools.
  if (caller.session.isProcessorAuditUser) return denyAccess(caller, 'role', auditorDenial);
  const access = await authorizeClient(db, caller, clientId);
  const needed = toConfigure
    ? [Permission.VirtualTerminal, Permission.VirtualTerminalConfiguration]
    : [Permission.VirtualTerminal];
  for (const permission of needed) {
    if (!access.effectivePermissions.includes(permission)) {
      return denyAccess(caller, 'permission', {
        merchantId: clientId,
        permission,
        ...(permission === Permission.VirtualTerminal
          ? { message: ConfiguratorText.NoVirtualTerminalPermission }
          : {}),
      });
    }
  }
  return { clientId, publicKey };
}

// GET /api/virtualterminalurl: the list, or one terminal with ?id=.
export async function virtualTerminalUrls(
  db: Db,
  caller: Caller,
  authorization: string | undefined,
  terminalId: string | undefined,
): Promise<VirtualTerminalUrl | VirtualTerminalUrl[]> {
  const { clientId } = await authorizeApiKey(db, caller, authorization);
  if (terminalId === undefined) return (await listVirtualTerminalUrls(db, clientId)).map(recordOf);
  const row = await findVirtualTerminalUrl(db, clientId, terminalId);
  if (!row) throw VirtualTerminalError.TerminalNotFound(VirtualTerminalText.TerminalNotFound);
  return recordOf(row);
}

// POST /api/virtualterminalurl: creates a terminal, or with id updates that one of the
// same merchant.
export async function saveVirtualTerminal(
  db: Db,
  caller: Caller,
  authorization: string | undefined,
  body: SaveVirtualTerminalBody,
  sign: (encodedParams: string) => string,
): Promise<{ id: string; url_id: string }> {
  const { clientId, publicKey } = await authorizeApiKey(db, caller, authorization, {
    toConfigure: true,
  });
  if (body.apikey !== publicKey) {
    throw VirtualTerminalError.ApiKeyMismatch('The apikey of the body must be the key of the address.');
  }
  const made = terminalValuesOf(
    {
      publicKey,
      name: body.name,
      isActive: body.is_active,
      url: body.url,
      customFields: body.customFields,
    },
    sign,
  );
  if (!made.ok) {
    if (made.problem.kind === 'invalid_custom_fields') {
      throw VirtualTerminalError.InvalidCustomFields(made.problem.message);
    }
    throw VirtualTerminalError.InvalidUrl(
      'The url must be the payment frame address with valid params naming this merchant by its publishable key.',
    );
  }
  const { values } = made;
  if (body.id === undefined) {
    const row = await insertVirtualTerminalUrl(db, { ...values, clientId, urlId: newUrlId() });
    return { id: row.id, url_id: row.urlId };
  }
  const row = await updateVirtualTerminalUrl(db, clientId, body.id, values);
  if (!row) throw VirtualTerminalError.TerminalNotFound(VirtualTerminalText.TerminalNotFound);
  return { id: row.id, url_id: row.urlId };
}

// PATCH /api/virtualterminalurl/{id} {is_active}: the configurator's terminal state.
export async function setVirtualTerminalStatus(
  db: Db,
  caller: Caller,
  authorization: string | undefined,
  terminalId: string,
  isActive: boolean,
): Promise<{ is_active: boolean }> {
  const { clientId } = await authorizeApiKey(db, caller, authorization, { toConfigure: true });
  const row = await updateVirtualTerminalStatus(db, clientId, terminalId, isActive);
  if (!row) throw VirtualTerminalError.TerminalNotFound(VirtualTerminalText.TerminalNotFound);
  return { is_active: row.isActive };
}
