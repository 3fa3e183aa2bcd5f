import { randomUUID } from 'node:crypto';
import { permissionNames } from '@portico/contracts/access/permission-names';
import {
  type AccountDetail,
  type AccountEditMeta,
  type AccountEditValue,
  AccountErrorCode,
  type AccountEvent,
  type AccountFacts,
  type AccountFieldValue,
  AccountText,
  type AccountViewer,
  canEditAccount,
  canEditField,
  canRevealAccountFields,
  childLimitProblems,
  editableAccountSections,
  isStaffViewer,
  type LogoUploadBody,
  labelOfField,
  pauseSettlementProblem,
  visibleAccountSections,
} from '@portico/contracts/clients/account-detail';
import {
  type AccountFieldName,
  type AccountSection,
  accountFieldDefinitions,
  accountFieldNames,
  isAccountFieldName,
  keystoreFieldNames,
  keystoreFieldsFor,
} from '@portico/contracts/clients/account-fields';
import { isCardRateBelowFloor } from '@portico/contracts/clients/subpricing';
import type { SensitiveChange } from '@portico/contracts/enrollment/enrollment-record';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { z } from 'zod';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { isClientAtOrBelow, listMembershipClientIds } from '../../access/merchant-scope.repository';
import { requireRecentSecondFactor } from '../../access/step-up';
import type { Db, Executor } from '../../db/client';
import type {
  ChildDefaults,
  ClientConfig,
  ClientPricing,
  Customizations,
  clientKeystore,
  clientPrincipals,
  clients,
} from '../../db/schema/clients';
import type { MailService } from '../../integrations/mail/mail-service';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { imageDataUrl } from '../../lib/image-data-url';
import { lastFour, maskedFromLastFour } from '../../lib/masking';
import { listSubpricing } from '../client-lists/subpricing.service';
import { checkFileSignature } from '../documents/file-signature';
import { assignableParentOptions } from '../enrollment-actions/hierarchy.service';
import {
  accountFieldValues,
  childDefaultOf,
  clientColumnOf,
  configColumnOf,
  isSameValue,
  keystoreColumnOf,
  lookupKey,
  maskOf,
  pricingColumnOf,
  principalColumnOf,
  requiredFields,
  sealedOf,
  sensitiveTargetOf,
  splitPrincipalField,
  storedValue,
  withChildDefault,
} from './account-fields.server';
import {
  type AccountRow,
  type BankChanges,
  deletePrimaryBankAccount,
  findAccount,
  findMcc,
  listAccountEvents,
  listLocationCustomFields,
  lockAccount,
  saveLogo,
  savePrimaryBankAccount,
  sumPayoutsByMonth,
  updateClientRow,
  upsertConfig,
  upsertKeystore,
  upsertPricing,
  upsertPrincipal,
} from './accounts.repository';

export const AccountError = defineErrors({
  NotFound: [AccountErrorCode.NotFound, 'not_found'],
  MccRateBelowFloor: [AccountErrorCode.MccRateBelowFloor, 'business_rule'],
  MccUnknown: [AccountErrorCode.MccUnknown, 'business_rule'],
  LogoNotImage: [AccountErrorCode.LogoNotImage, 'unsupported_media_type'],
  UnknownParent: [AccountErrorCode.UnknownParent, 'business_rule'],
  ParentCycle: [AccountErrorCode.ParentCycle, 'business_rule'],
  NothingToReveal: [AccountErrorCode.NothingToReveal, 'not_found'],
  Required: ['ACCOUNT_FIELD_REQUIRED', 'validation'],
  IdMismatch: ['ACCOUNT_ID_MISMATCH', 'validation'],
  ChildLimitsInvalid: [AccountErrorCode.ChildLimitsInvalid, 'validation'],
  PauseNotAllowed: [AccountErrorCode.PauseNotAllowed, 'business_rule'],
});

export type AccountDeps = { db: Db; cipher: () => FieldCipher; mail: MailService };

const notFound = () => AccountError.NotFound(AccountText.NotFound);

function factsOf(
  row: AccountRow,
  fields?: Partial<Record<AccountFieldName, AccountFieldValue>>,
): AccountFacts {
  const payment = fields?.payment !== undefined ? fields.payment : (row.config?.payment ?? null);
  const cardRate = fields?.card_rate !== undefined ? fields.card_rate : (row.pricing?.cardRate ?? null);
  return {
    level: row.client.level,
    payment: typeof payment === 'string' ? payment : null,
    cardRate: typeof cardRate === 'string' ? cardRate : null,
  };
}

// Who is asking, in the terms of the contracts' view rules. Staff hold every permission.
export async function viewerOf(db: Executor, caller: Caller, clientId: string): Promise<AccountViewer> {
  const memberOf = await listMembershipClientIds(db, caller.session.userId);
  return {
    actingRole: caller.actingRole,
    isProcessorAuditUser: caller.session.isProcessorAuditUser,
    permissions: caller.isStaff ? permissionNames : (caller.merchant?.effectivePermissions ?? []),
    isOwnAccount: caller.viewAsClientId === clientId || memberOf.includes(clientId),
  };
}

async function loadAccount(db: Executor, clientId: string): Promise<AccountRow> {
  const row = await findAccount(db, clientId);
  if (!row) throw notFound();
  return row;
}

// The sections the caller sees and may change on this account, for the calls that
// belong to one section (the location custom fields of Settings).
export async function accountSectionsOf(
  db: Executor,
  caller: Caller,
  clientId: string,
): Promise<{ visible: AccountSection[]; editable: AccountSection[] }> {
  const [row, viewer] = await Promise.all([loadAccount(db, clientId), viewerOf(db, caller, clientId)]);
  const facts = factsOf(row);
  return { visible: visibleAccountSections(viewer, facts), editable: editableAccountSections(viewer, facts) };
}

// GET /api/account/{clientid}: the sections the caller's role shows, masked.
export async function readAccount(db: Db, caller: Caller, clientId: string): Promise<AccountDetail> {
  // The location custom fields are read beside the record (a small indexed read) and sent only
  // when Settings is in view.
  const [row, viewer, locationCustomFields, mccConfigs] = await Promise.all([
    loadAccount(db, clientId),
    viewerOf(db, caller, clientId),
    listLocationCustomFields(db, clientId),
    listSubpricing(db, clientId),
  ]);
  const facts = factsOf(row);
  const sections = visibleAccountSections(viewer, facts);
  const all = accountFieldValues(row);
  const seesKeystore = sections.includes('keystore');
  const fields = Object.fromEntries(
    accountFieldNames
      .filter((name) => sections.includes(accountFieldDefinitions[name].section))
      .map((name) => [name, all[name]]),
  );
  const isStaff = isStaffViewer(viewer);
  return {
    id: row.client.id,
    name: row.client.name,
    level: row.client.level,
    parent: row.parent,
    enrollment_id: row.enrollmentId,
    updated_at: row.client.updatedAt.toISOString(),
    mid: row.client.mid,
    public_key: row.client.publicKey,
    // Masked: the secret key is revealed only by POST /api/user/apikeys/reveal, which audits it.
    api_key: isStaff && !viewer.isProcessorAuditUser ? maskedFromLastFour(row.client.apiKeyLast4) : null,
    has_logo: row.client.logoStorageKey !== null,
    logo: row.logo?.content ? imageDataUrl(row.logo.content) : null,
    country: row.client.country,
    // The same values as the Processor Identifiers fields, secrets masked.
    keystore: seesKeystore
      ? Object.fromEntries(keystoreFieldNames.map((name) => [name, valueAsText(all[name])]))
      : null,
    // The crypto settlement wallet belongs with the payout account.
    wallet: sections.includes('bank') ? row.client.wallet : null,
    // Pricing per MCC code: with the account's own pricing (Processing).
    mccConfigs: sections.includes('processing') ? mccConfigs : null,
    whitelabel: row.whiteLabel
      ? {
          color: row.whiteLabel.color,
          logo_url: row.whiteLabel.logoUrl,
          entity_name: row.whiteLabel.entityName,
        }
      : null,
    fields,
    location_custom_fields: sections.includes('settings') ? locationCustomFields : null,
    view: {
      sections,
      editable_sections: editableAccountSections(viewer, facts),
      can_edit: canEditAccount(viewer),
      can_reveal: canRevealAccountFields(viewer),
      is_staff: isStaff,
      can_change_parent: isStaff && !viewer.isProcessorAuditUser,
      can_change_level: isStaff && !viewer.isProcessorAuditUser,
      shows_full_data: viewer.actingRole === 'admin',
      shows_review_links: isStaff,
      shows_enablement_options: viewer.actingRole === 'admin',
      shows_payment_page: viewer.permissions.includes('Payment Pages'),
      shows_users_contacts: isStaff || viewer.actingRole === 'parent',
      keystore_fields: seesKeystore
        ? keystoreFieldsFor({
            payment: row.config?.payment ?? null,
            ach: row.config?.ach ?? null,
            crypto: row.config?.crypto ?? null,
          })
        : [],
    },
  };
}

function valueAsText(value: AccountFieldValue): string | null {
  return typeof value === 'string' ? value : null;
}

// ---- Edit ----

type Change = { field: AccountFieldName; old: AccountFieldValue; new: AccountFieldValue };

function isSensitiveChange(value: AccountEditValue): value is SensitiveChange {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

function lastFourOf(text: string): string {
  return text.replace(/[^0-9]/g, '').slice(-4);
}

// A value that cannot be decrypted (rotated key, foreign seal) counts as different: it is replaced.
function storedEquals(cipher: () => FieldCipher, enc: string, column: string, clear: string): boolean {
  try {
    return cipher().decrypt(enc, column).replace(/-/g, '') === clear.replace(/-/g, '');
  } catch {
    return false;
  }
}

// The fields the edit really changes, each with its old and new value as the page shows them.
function changesOf(
  row: AccountRow,
  meta: AccountEditMeta,
  cipher: () => FieldCipher,
): { changes: Change[]; sensitive: Map<AccountFieldName, SensitiveChange> } {
  const current = accountFieldValues(row);
  const changes: Change[] = [];
  const sensitive = new Map<AccountFieldName, SensitiveChange>();
  for (const [key, value] of Object.entries(meta)) {
    if (key === 'id' || value === undefined || !isAccountFieldName(key)) continue;
    if (isSensitiveChange(value)) {
      if (value.kind === 'keep') continue;
      const sealed = sealedOf(row, key);
      const target = sensitiveTargetOf(key);
      if (value.kind === 'clear') {
        if (sealed.enc === null) continue;
      } else if (sealed.enc !== null && target) {
        if (storedEquals(cipher, sealed.enc, target.column, value.value)) continue;
      }
      sensitive.set(key, value);
      const isSecretId = accountFieldDefinitions[key].kind === 'secret_id';
      const next =
        value.kind === 'clear'
          ? null
          : maskOf(key, isSecretId ? lastFour(value.value) : lastFourOf(value.value), true);
      changes.push({ field: key, old: current[key], new: next });
      continue;
    }
    if (isSameValue(key, current[key], value)) continue;
    if (value === null && requiredFields.has(key)) {
      throw AccountError.Required(`${accountFieldDefinitions[key].label} is required.`);
    }
    changes.push({ field: key, old: current[key], new: value });
  }
  return { changes, sensitive };
}

type Writes = {
  client: Partial<typeof clients.$inferInsert>;
  config: Partial<ClientConfig>;
  pricing: Partial<ClientPricing>;
  customizations: Customizations | null;
  keystore: Partial<typeof clientKeystore.$inferInsert>;
  principals: Map<number, Partial<typeof clientPrincipals.$inferInsert>>;
  bank: BankChanges;
  clearBank: boolean;
};

function writesOf(
  row: AccountRow,
  changes: readonly Change[],
  sensitive: Map<AccountFieldName, SensitiveChange>,
  cipher: () => FieldCipher,
): Writes {
  const writes: Writes = {
    client: {},
    config: {},
    pricing: {},
    customizations: null,
    keystore: {},
    principals: new Map(),
    bank: {},
    clearBank: false,
  };
  const principalOf = (position: number) => {
    const existing = writes.principals.get(position) ?? {};
    writes.principals.set(position, existing);
    return existing;
  };
  for (const change of changes) {
    const name = change.field;
    const secret = sensitive.get(name);
    const target = sensitiveTargetOf(name);
    if (secret && target) {
      const clear = secret.kind === 'set' ? secret.value : null;
      const enc = clear === null ? null : cipher().encrypt(clear, target.column);
      const last4 = clear === null ? null : lastFourOf(clear);
      if (target.kind === 'keystore') {
        // A secret identifier keeps its last four letters or digits (as processor enablement does).
        Object.assign(writes.keystore, {
          [target.enc]: enc,
          [target.last4]: clear === null ? null : lastFour(clear),
        });
      }
      if (target.kind === 'client')
        Object.assign(writes.client, { [target.enc]: enc, [target.last4]: last4 });
      if (target.kind === 'principal') {
        Object.assign(
          principalOf(target.position),
          target.which === 'ssn' ? { ssnEnc: enc, ssnLast4: last4 } : { dateOfBirthEnc: enc },
        );
      }
      if (target.kind === 'bank') {
        // A payout account cannot lose one of its numbers: clearing either removes the account.
        if (enc === null || last4 === null) writes.clearBank = true;
        else if (target.which === 'account')
          Object.assign(writes.bank, { accountNumberEnc: enc, accountNumberLast4: last4 });
        else Object.assign(writes.bank, { routingNumberEnc: enc, routingNumberLast4: last4 });
      }
      continue;
    }
    const value = typeof change.new === 'object' ? null : change.new;
    const stored = storedValue(name, value);
    if (name === 'default_receipt_template') {
      const customizations: Customizations = { ...(row.config?.customizations ?? {}) };
      if (typeof stored === 'string') customizations.default_receipt_template = stored;
      else delete customizations.default_receipt_template;
      writes.customizations = customizations;
      continue;
    }
    if (name === 'account_type') {
      if (stored === 'checking' || stored === 'savings') writes.bank.accountType = stored;
      continue;
    }
    const childKey = lookupKey(childDefaultOf, name);
    if (childKey) {
      // Merged over the stored defaults (and the other changes of this save).
      const childDefaults: ChildDefaults = writes.config.childDefaults ?? row.config?.childDefaults ?? {};
      writes.config.childDefaults = withChildDefault(childDefaults, childKey, stored);
      continue;
    }
    const clientColumn = lookupKey(clientColumnOf, name);
    if (clientColumn) {
      Object.assign(writes.client, { [clientColumn]: stored });
      continue;
    }
    const configColumn = lookupKey(configColumnOf, name);
    if (configColumn) {
      Object.assign(writes.config, { [configColumn]: stored });
      continue;
    }
    const pricingColumn = lookupKey(pricingColumnOf, name);
    if (pricingColumn) {
      Object.assign(writes.pricing, { [pricingColumn]: stored });
      continue;
    }
    const keystoreColumn = lookupKey(keystoreColumnOf, name);
    if (keystoreColumn) {
      Object.assign(writes.keystore, { [keystoreColumn]: stored });
      continue;
    }
    const principal = splitPrincipalField(name);
    const principalColumn = principal ? lookupKey(principalColumnOf, principal.field) : undefined;
    if (principal && principalColumn)
      Object.assign(principalOf(principal.position), { [principalColumn]: stored });
  }
  return writes;
}

const bankFields: readonly AccountFieldName[] = ['account_number', 'routing_number', 'account_type'];

function bankChangeEmail(to: string, accountName: string, at: Date) {
  return {
    to: [to],
    subject: AccountText.BankChangedSubject,
    text: [
      `The payout bank account of ${accountName} was changed on ${at.toUTCString()}.`,
      '',
      'If you did not expect this change, contact support at once: payouts now go to the new account.',
    ].join('\n'),
  };
}

// PATCH /api/client/{clientid}: one transaction, audited field by field with old and new
// values (masked for sensitive fields); a payout account change e-mails the primary contact.
export async function editAccount(
  deps: AccountDeps,
  caller: Caller,
  clientId: string,
  meta: AccountEditMeta,
): Promise<{ id: string; updated_at: string; changed: string[] }> {
  if (meta.id !== undefined && meta.id !== clientId) throw AccountError.IdMismatch(AccountText.IdMismatch);
  const [row, viewer] = await Promise.all([
    loadAccount(deps.db, clientId),
    viewerOf(deps.db, caller, clientId),
  ]);
  const { changes, sensitive } = changesOf(row, meta, deps.cipher);
  const newValues = Object.fromEntries(changes.map((change) => [change.field, change.new]));
  const editable = new Set([
    ...editableAccountSections(viewer, factsOf(row)),
    ...editableAccountSections(viewer, factsOf(row, newValues)),
  ]);
  const refused = changes.filter(
    (change) =>
      !editable.has(accountFieldDefinitions[change.field].section) || !canEditField(viewer, change.field),
  );
  if (refused.length > 0) {
    await denyAccess(caller, 'permission', {
      merchantId: clientId,
      code: AccountErrorCode.SectionNotAllowed,
      message: AccountText.SectionNotAllowed,
    });
  }
  await checkMccFloor(deps.db, row, newValues);
  const [limitProblem] = childLimitProblems(
    { ...accountFieldValues(row), ...newValues },
    new Set(Object.keys(newValues)),
  );
  if (limitProblem) throw AccountError.ChildLimitsInvalid(limitProblem.message);
  const pauseProblem = pauseSettlementProblem(
    { ...accountFieldValues(row), ...newValues },
    new Set(Object.keys(newValues)),
  );
  if (pauseProblem !== null) throw AccountError.PauseNotAllowed(pauseProblem);
  // Where the payouts go: a change asks for the second factor within the step-up window (before anything
  // is written, so the same save can be sent again once it is proved).
  if (changes.some((change) => bankFields.includes(change.field))) {
    await requireRecentSecondFactor(deps.db, caller.session);
  }

  return deps.db.transaction(async (tx) => {
    if (!(await lockAccount(tx, clientId))) throw notFound();
    const writes = writesOf(row, changes, sensitive, deps.cipher);
    if (Object.keys(writes.config).length > 0 || writes.customizations) {
      await upsertConfig(tx, clientId, {
        ...writes.config,
        ...(writes.customizations ? { customizations: writes.customizations } : {}),
      });
    }
    if (Object.keys(writes.pricing).length > 0) await upsertPricing(tx, clientId, writes.pricing);
    if (Object.keys(writes.keystore).length > 0) await upsertKeystore(tx, clientId, writes.keystore);
    for (const [position, principal] of writes.principals)
      await upsertPrincipal(tx, clientId, position, principal);
    if (writes.clearBank) await deletePrimaryBankAccount(tx, clientId);
    else if (Object.keys(writes.bank).length > 0) await savePrimaryBankAccount(tx, clientId, writes.bank);
    // Always written, so every save moves updated_at.
    const updatedAt = await updateClientRow(tx, clientId, writes.client);

    const isBankChanged = changes.some((change) => bankFields.includes(change.field));
    const contact = typeof newValues.email === 'string' ? newValues.email : row.client.email;
    let notified: string | null = null;
    if (isBankChanged && contact) {
      await deps.mail.send(bankChangeEmail(contact, row.client.name, updatedAt), tx);
      notified = contact;
    }
    if (changes.length > 0) {
      await recordAudit(tx, {
        action: 'account.edit',
        outcome: 'success',
        ...auditActorOf(caller),
        targetType: 'client',
        targetId: clientId,
        clientId,
        details: {
          changes: changes.map((change) => ({ field: change.field, old: change.old, new: change.new })),
          ...(isBankChanged ? { payout_account_changed: true, notified } : {}),
        },
      });
    }
    return {
      id: clientId,
      updated_at: updatedAt.toISOString(),
      changed: changes.map((change) => change.field),
    };
  });
}

// A card rate may not go below the base card rate of the account's MCC code.
async function checkMccFloor(
  db: Executor,
  row: AccountRow,
  newValues: Partial<Record<AccountFieldName, AccountFieldValue>>,
) {
  if (newValues.mcc_code === undefined && newValues.card_rate === undefined) return;
  const mccCode = newValues.mcc_code !== undefined ? newValues.mcc_code : row.client.mccCode;
  if (typeof mccCode !== 'string') return;
  const mcc = await findMcc(db, mccCode);
  if (!mcc) throw AccountError.MccUnknown(AccountText.MccUnknown);
  const cardRate = newValues.card_rate !== undefined ? newValues.card_rate : (row.pricing?.cardRate ?? null);
  if (typeof cardRate === 'string' && isCardRateBelowFloor(cardRate, mcc.cardRate)) {
    throw AccountError.MccRateBelowFloor(`${AccountText.MccRateBelowFloor} (${mcc.cardRate})`);
  }
}

// ---- Reveal ----

export async function revealAccountField(
  deps: AccountDeps,
  caller: Caller,
  clientId: string,
  field: string,
): Promise<{ field: string; value: string }> {
  const [row, viewer] = await Promise.all([
    loadAccount(deps.db, clientId),
    viewerOf(deps.db, caller, clientId),
  ]);
  const name = accountFieldNames.find((candidate) => candidate === field);
  const target = name ? sensitiveTargetOf(name) : null;
  const isVisible =
    name !== undefined &&
    visibleAccountSections(viewer, factsOf(row)).includes(accountFieldDefinitions[name].section);
  if (!name || !target || !isVisible || !canRevealAccountFields(viewer)) {
    return denyAccess(caller, 'permission', {
      merchantId: clientId,
      message: AccountText.RevealNotAllowed,
    });
  }
  const sealed = sealedOf(row, name);
  if (sealed.enc === null) throw AccountError.NothingToReveal(AccountText.NothingToReveal);
  const value = deps.cipher().decrypt(sealed.enc, target.column);
  await recordAudit(deps.db, {
    action: 'reveal',
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: 'client',
    targetId: clientId,
    clientId,
    details: { field: name },
  });
  return { field: name, value };
}

// ---- Events ----

const storedChanges = z.array(
  z.object({
    field: z.string(),
    old: z.union([z.string(), z.boolean(), z.null()]),
    new: z.union([z.string(), z.boolean(), z.null()]),
  }),
);
const eventDetails = z.object({ changes: storedChanges.optional() });

function shown(value: string | boolean | null): string | null {
  if (value === null) return null;
  return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value;
}

// Every change of the account from the audit log; a caller sees only the fields of its sections.
export async function listEvents(db: Db, caller: Caller, clientId: string): Promise<AccountEvent[]> {
  const [row, viewer] = await Promise.all([loadAccount(db, clientId), viewerOf(db, caller, clientId)]);
  const sections = visibleAccountSections(viewer, factsOf(row));
  const rows = await listAccountEvents(db, clientId, 500);
  return rows.map((event) => {
    const parsed = eventDetails.safeParse(event.details ?? {});
    const changes = (parsed.success ? (parsed.data.changes ?? []) : []).filter((change) => {
      const field = accountFieldNames.find((name) => name === change.field);
      // Changes that are not fields of the page (parent, logo) are shown to everyone who sees events.
      return field === undefined || sections.includes(accountFieldDefinitions[field].section);
    });
    return {
      id: event.id,
      created_at: event.createdAt.toISOString(),
      action: event.action,
      actor: event.actorEmail,
      changes: changes.map((change) => ({
        field: change.field,
        label: labelOfField(change.field),
        old: shown(change.old),
        new: shown(change.new),
      })),
    };
  });
}

// ---- Hierarchy (POST /api/client/hierarchy) ----

export async function changeAccountParent(
  db: Db,
  caller: Caller,
  body: { clientid: string; parent_legal_name: string },
): Promise<{ client_id: string; parent_id: string }> {
  const wanted = body.parent_legal_name.trim();
  const matches = (await assignableParentOptions(db, caller)).filter(
    (option) => option.legal_name === wanted || (option.legal_name === null && option.name === wanted),
  );
  const [parent] = matches;
  if (!parent || matches.length > 1) throw AccountError.UnknownParent(AccountText.ParentChangeFailed);
  return db.transaction(async (tx) => {
    const row = await findAccount(tx, body.clientid);
    if (!row || !(await lockAccount(tx, body.clientid))) throw notFound();
    // An account may not end up below itself.
    if (await isClientAtOrBelow(tx, body.clientid, parent.id))
      throw AccountError.ParentCycle(AccountText.ParentChangeFailed);
    await updateClientRow(tx, body.clientid, { parentId: parent.id });
    await recordAudit(tx, {
      action: 'account.hierarchy',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: body.clientid,
      clientId: body.clientid,
      details: {
        from_parent_id: row.parent?.id ?? null,
        to_parent_id: parent.id,
        changes: [{ field: 'parent', old: row.parent?.name ?? null, new: parent.name }],
      },
    });
    return { client_id: body.clientid, parent_id: parent.id };
  });
}

// ---- Logo (POST /api/logo) ----

function decodeBase64(content: string): Buffer | null {
  // A bare base64 text or a data URL (what FileReader.readAsDataURL gives).
  const bare = content.includes(',') ? content.slice(content.indexOf(',') + 1) : content;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bare)) return null;
  const bytes = Buffer.from(bare, 'base64');
  return bytes.length === 0 ? null : bytes;
}

export async function uploadLogo(
  db: Db,
  caller: Caller,
  body: LogoUploadBody,
  maxBytes: number,
): Promise<{ client_id: string }> {
  const viewer = await viewerOf(db, caller, body.client_id);
  if (!canEditAccount(viewer)) {
    return denyAccess(caller, 'permission', { merchantId: body.client_id });
  }
  const bytes = decodeBase64(body.document.content);
  // By content, not by the name: PNG or JPEG magic bytes.
  const isImage =
    bytes !== null &&
    (checkFileSignature('png', bytes).matches ||
      checkFileSignature('jpg', bytes).matches ||
      checkFileSignature('jpeg', bytes).matches);
  if (!bytes || !isImage || bytes.length > maxBytes)
    throw AccountError.LogoNotImage(AccountText.LogoNotImage);
  const storageKey = `logos/${randomUUID()}`;
  await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, body.client_id))) throw notFound();
    await saveLogo(tx, body.client_id, storageKey, bytes);
    await recordAudit(tx, {
      action: 'account.logo',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: body.client_id,
      clientId: body.client_id,
      details: { changes: [{ field: 'logo', old: null, new: body.document.name }], size: bytes.length },
    });
  });
  return { client_id: body.client_id };
}

// ---- Monthly Payout Volume ----

export async function payoutVolume(db: Db, clientId: string, now: Date) {
  const since = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const rows = await sumPayoutsByMonth(db, clientId, since);
  return rows.map((row) => ({ month: row.month, total: formatCentsAsDecimal(Number(row.totalCents)) }));
}
