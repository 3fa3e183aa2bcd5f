import { randomUUID } from 'node:crypto';
import type { UserType } from '@portico/contracts/auth/roles';
import { isAccentReadableOnWhite } from '@portico/contracts/branding/contrast';
import {
  type Branding,
  isBrandedUserType,
  nearestWhiteLabel,
  type WhiteLabel,
  type WhiteLabelBody,
  type WhiteLabelLogoBody,
  WhiteLabelText,
  whiteLabelBody,
  whiteLabelColorProblem,
  whiteLabelLogoMaxBytes,
} from '@portico/contracts/branding/whitelabel';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { Db, Executor } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { checkFileSignature } from '../documents/file-signature';
import { BrandingError } from './branding.errors';
import {
  type ChainWhiteLabelRow,
  deleteBlob,
  deleteWhiteLabel,
  findBlobContent,
  findClientLevelForUpdate,
  findWhiteLabel,
  findWhiteLabelLogoContent,
  listChainWhiteLabels,
  saveWhiteLabelLogo,
  upsertWhiteLabel,
} from './branding.repository';

const logoKeyPrefix = 'whitelabel-logos/';

// The public address of a stored white-label logo (payment pages and e-mails show it without a session).
export function whiteLabelLogoPath(logoId: string): string {
  return `/api/whitelabel/logo/${logoId}`;
}

// The branding of a hierarchy from its chain (the client first, then each client above): the nearest
// white label, its colour kept only while it reads at AA contrast on white.
export function brandingOfChain(chain: readonly ChainWhiteLabelRow[]): Branding | null {
  const nearest = nearestOfChain(chain);
  if (!nearest) return null;
  const { color, entity_name, logo_url } = nearest.whiteLabel;
  return {
    client_id: nearest.clientId,
    entity_name,
    color: color !== null && isAccentReadableOnWhite(color) ? color : null,
    logo_url,
  };
}

function nearestOfChain(chain: readonly ChainWhiteLabelRow[]) {
  const labels = new Map<string, ChainWhiteLabelRow & { entity_name: string }>();
  for (const row of chain) {
    if (row.entity_name !== null) labels.set(row.client_id, { ...row, entity_name: row.entity_name });
  }
  return nearestWhiteLabel(
    chain.map((row) => row.client_id),
    labels,
  );
}

// The logo image of a client's branding, if its white label has one (the payment frame's fallback).
export async function resolveClientBrandLogo(executor: Executor, clientId: string): Promise<Buffer | null> {
  const nearest = nearestOfChain(await listChainWhiteLabels(executor, clientId));
  const storageKey = nearest?.whiteLabel.logo_storage_key ?? null;
  return storageKey === null ? null : findBlobContent(executor, storageKey);
}

// The one way any part of Portico learns how a client's hierarchy is branded.
export async function resolveClientBranding(executor: Executor, clientId: string): Promise<Branding | null> {
  return brandingOfChain(await listChainWhiteLabels(executor, clientId));
}

// A signed-in user wears the branding of their default client's hierarchy; staff never do.
export async function resolveUserBranding(
  executor: Executor,
  user: { userType: UserType; defaultClientId: string | null },
): Promise<Branding | null> {
  if (!isBrandedUserType(user.userType) || user.defaultClientId === null) return null;
  return resolveClientBranding(executor, user.defaultClientId);
}

function whiteLabelView(row: Awaited<ReturnType<typeof findWhiteLabel>>): WhiteLabel | null {
  if (!row) return null;
  return { entity_name: row.entityName, color: row.color, logo_url: row.logoUrl };
}

export async function readWhiteLabel(db: Db, clientId: string): Promise<WhiteLabel | null> {
  return whiteLabelView(await findWhiteLabel(db, clientId));
}

async function lockParent(tx: Executor, clientId: string) {
  const client = await findClientLevelForUpdate(tx, clientId);
  if (!client) throw BrandingError.NotFound('This account does not exist.');
  if (client.level !== 'Parent') throw BrandingError.NotParent(WhiteLabelText.ParentOnly);
}

// Name and colour; a colour that would not read at AA contrast is refused and nothing is saved.
export async function setWhiteLabel(db: Db, caller: Caller, clientId: string, input: WhiteLabelBody) {
  const body = whiteLabelBody.parse(input);
  const colorProblem = whiteLabelColorProblem(body.color);
  if (colorProblem) throw BrandingError.ColorContrast(colorProblem);
  return db.transaction(async (tx) => {
    await lockParent(tx, clientId);
    const before = await findWhiteLabel(tx, clientId);
    await upsertWhiteLabel(tx, clientId, { entityName: body.entity_name, color: body.color });
    await recordAudit(tx, {
      action: 'whitelabel.change',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: clientId,
      clientId,
      details: {
        changes: [
          { field: 'entity_name', old: before?.entityName ?? null, new: body.entity_name },
          { field: 'color', old: before?.color ?? null, new: body.color },
        ],
      },
    });
    return whiteLabelView(await findWhiteLabel(tx, clientId));
  });
}

export async function removeWhiteLabel(db: Db, caller: Caller, clientId: string) {
  await db.transaction(async (tx) => {
    const before = await findWhiteLabel(tx, clientId);
    if (!before) throw BrandingError.NotFound('This account has no white label.');
    await deleteWhiteLabel(tx, clientId);
    if (before.logoStorageKey) await deleteBlob(tx, before.logoStorageKey);
    await recordAudit(tx, {
      action: 'whitelabel.change',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: clientId,
      clientId,
      details: { removed: true, entity_name: before.entityName },
    });
  });
  return null;
}

function decodeBase64(content: string): Buffer | null {
  // A bare base64 text or a data URL (what FileReader.readAsDataURL gives).
  const bare = content.includes(',') ? content.slice(content.indexOf(',') + 1) : content;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bare)) return null;
  const bytes = Buffer.from(bare, 'base64');
  return bytes.length === 0 ? null : bytes;
}

// PNG or JPEG by their bytes, whatever the name says. SVG can carry script and is refused rather
// than sanitised.
export function isPngOrJpeg(bytes: Buffer): boolean {
  return checkFileSignature('png', bytes).matches || checkFileSignature('jpeg', bytes).matches;
}

export async function uploadWhiteLabelLogo(
  db: Db,
  caller: Caller,
  clientId: string,
  body: WhiteLabelLogoBody,
) {
  const bytes = decodeBase64(body.document.content);
  if (!bytes || !isPngOrJpeg(bytes)) throw BrandingError.LogoNotImage(WhiteLabelText.LogoWrongType);
  if (bytes.length > whiteLabelLogoMaxBytes) throw BrandingError.LogoTooLarge(WhiteLabelText.LogoTooLarge);
  const logoId = randomUUID();
  return db.transaction(async (tx) => {
    await lockParent(tx, clientId);
    const before = await findWhiteLabel(tx, clientId);
    if (!before) throw BrandingError.NotFound('Save the brand name and colour before the logo.');
    await saveWhiteLabelLogo(tx, clientId, {
      storageKey: `${logoKeyPrefix}${logoId}`,
      url: whiteLabelLogoPath(logoId),
      content: bytes,
    });
    if (before.logoStorageKey) await deleteBlob(tx, before.logoStorageKey);
    await recordAudit(tx, {
      action: 'whitelabel.logo',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: clientId,
      clientId,
      details: { name: body.document.name, size: bytes.length },
    });
    return whiteLabelView(await findWhiteLabel(tx, clientId));
  });
}

export async function removeWhiteLabelLogo(db: Db, caller: Caller, clientId: string) {
  return db.transaction(async (tx) => {
    const before = await findWhiteLabel(tx, clientId);
    if (!before?.logoStorageKey) throw BrandingError.NotFound('This white label has no logo.');
    await saveWhiteLabelLogo(tx, clientId, null);
    await deleteBlob(tx, before.logoStorageKey);
    await recordAudit(tx, {
      action: 'whitelabel.logo',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: clientId,
      clientId,
      details: { removed: true },
    });
    return whiteLabelView(await findWhiteLabel(tx, clientId));
  });
}

export async function readWhiteLabelLogo(db: Db, logoId: string): Promise<Buffer> {
  const content = await findWhiteLabelLogoContent(db, `${logoKeyPrefix}${logoId}`);
  if (!content) throw BrandingError.NotFound('No such logo.');
  return content;
}
