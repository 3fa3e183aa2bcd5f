import { randomUUID } from 'node:crypto';
import { Permission } from '@portico/contracts/access/permission-names';
import {
  isLinkExpired,
  isOneTimeLink,
  LinkTermsErrorCode,
  LinkTermsText,
} from '@portico/contracts/payment-frame/link-terms';
import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  paymentFrameAddress,
} from '@portico/contracts/payment-frame/params';
import {
  RichDescriptionErrorCode,
  richDescriptionProblem,
} from '@portico/contracts/payment-frame/rich-description';
import {
  type LinkConfig,
  type LinkMerchant,
  type LinkTerminal,
  PaymentLinksErrorCode,
  PaymentLinksText,
  type SignMerchantLinkBody,
} from '@portico/contracts/payment-links/payment-links';
import { bearerTokenOf } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { type AuditOrigin, auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess, refuseProcessorAuditUser } from '../../access/denial';
import {
  bypassesMerchantPermissions,
  clientPermissionsOf,
  findHolderClientAccessFacts,
} from '../../access/merchant-scope';
import type { Db, Executor } from '../../db/client';
import type { TerminalProvider } from '../../integrations/terminals/terminal-provider';
import { defineErrors } from '../../lib/app-error';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import { storeShortLink } from '../short-links/short-links.service';
import { terminalDeviceOf } from '../terminals/terminal-device';
import {
  findLinkConfiguration,
  findLinkMerchant,
  findMerchantByAnyKey,
  findWhiteLabelLogo,
  listLinkMerchants,
  listMerchantTerminals,
} from './payment-links.repository';

export const PaymentLinksError = defineErrors({
  ApiKeyRequired: [PaymentLinksErrorCode.ApiKeyRequired, 'validation'],
  UnknownApiKey: [PaymentLinksErrorCode.UnknownApiKey, 'unauthenticated'],
  SecretKeyRequired: [PaymentLinksErrorCode.SecretKeyRequired, 'forbidden'],
  InvalidParams: [PaymentLinksErrorCode.InvalidParams, 'validation'],
  ExpiryInPast: [LinkTermsErrorCode.ExpiryInPast, 'validation'],
  DescriptionNotAllowed: [RichDescriptionErrorCode.NotAllowed, 'validation'],
  MerchantNotFound: [PaymentLinksErrorCode.MerchantNotFound, 'not_found'],
});

// The merchant a link is made for, however the builder named it.
type LinkMerchantRow = {
  id: string;
  name: string;
  dbaName: string | null;
  parentId: string | null;
  publicKey: string;
};

// The builder has no session: the bearer key is the credential and names the merchant.
async function merchantOfBearer(db: Db, authorization: string | undefined) {
  const key = bearerTokenOf(authorization);
  if (key === null) throw PaymentLinksError.ApiKeyRequired(PaymentLinksText.ApiKeyRequired);
  const merchant = await findMerchantByAnyKey(db, key);
  if (!merchant) throw PaymentLinksError.UnknownApiKey(PaymentLinksText.UnknownApiKey);
  return merchant;
}

// GET /api/apikeys/publishable-key: the key a link may carry, whichever key was the bearer.
export async function publishableKeyOf(db: Db, authorization: string | undefined) {
  const merchant = await merchantOfBearer(db, authorization);
  return { publishable_key: merchant.publicKey, is_secret_key: merchant.isSecretKey };
}

// GET /api/client/link-config: which methods the merchant is configured for, and its white-label
// logo (its own, else its parent's).
export async function linkConfigOf(db: Db, authorization: string | undefined): Promise<LinkConfig> {
  return linkConfigFor(db, await merchantOfBearer(db, authorization));
}

async function linkConfigFor(db: Db, merchant: LinkMerchantRow): Promise<LinkConfig> {
  const configuration = await findLinkConfiguration(db, merchant.id);
  const logo =
    (await findWhiteLabelLogo(db, merchant.id)) ??
    (merchant.parentId === null ? null : await findWhiteLabelLogo(db, merchant.parentId));
  return {
    merchant: {
      name: merchant.dbaName ?? merchant.name,
      configuration: {
        level_three_data_enabled: configuration?.levelThreeDataEnabled ?? false,
        crypto: (configuration?.crypto ?? null) !== null,
        payment: (configuration?.payment ?? null) !== null,
        ach: (configuration?.ach ?? null) !== null,
        terminals: configuration?.terminals ?? null,
      },
    },
    whitelabel: { logo_url: logo },
  };
}

// GET /api/terminal: the merchant's card-present terminals keyed by id, with the terminal provider's
// connection status (integrations/terminals).
export async function linkTerminalsOf(
  db: Db,
  provider: TerminalProvider,
  authorization: string | undefined,
): Promise<Record<string, LinkTerminal>> {
  return linkTerminalsFor(db, provider, (await merchantOfBearer(db, authorization)).id);
}

async function linkTerminalsFor(
  db: Db,
  provider: TerminalProvider,
  clientId: string,
): Promise<Record<string, LinkTerminal>> {
  const rows = await listMerchantTerminals(db, clientId);
  const statuses = await provider.connectionStatuses(
    rows.map((row) => terminalDeviceOf({ ...row, clientId })),
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        laneId: row.laneId,
        connectionStatus: { status: statuses.get(row.id) ?? 'closed' },
      },
    ]),
  );
}

type SignedLink = { sig: string; url: string; params: string };
type LinkSigning = { sign: (encodedParams: string) => string; now: Date };

// A link of the merchant, signed: only params naming the merchant's publishable key and passing the
// frame's schema, with an expiry (if any) still ahead. A one-time charge is signed with a fresh linkId
// of the server's, whatever the builder sent, so each link built is paid once on its own (contracts
// payment-frame/link-terms.ts). entry: the link's audit entry, for the caller to write.
function signedLinkOf(
  merchant: LinkMerchantRow,
  encodedParams: string,
  { sign, now }: LinkSigning,
): { link: SignedLink; entry: AuditEntry } {
  const decoded = decodePaymentFrameParams(encodedParams);
  if (!decoded.ok || decoded.params.publishableKey !== merchant.publicKey) {
    throw PaymentLinksError.InvalidParams(PaymentLinksText.InvalidParams);
  }
  if (isLinkExpired(decoded.params, now)) throw PaymentLinksError.ExpiryInPast(LinkTermsText.ExpiryInPast);
  // The description's rich text: refused, with what is wrong, unless within the allow-list.
  const descriptionProblem = richDescriptionProblem(decoded.params.description);
  if (descriptionProblem !== null) throw PaymentLinksError.DescriptionNotAllowed(descriptionProblem);
  const linkId = isOneTimeLink(decoded.params) ? randomUUID() : null;
  const params = linkId === null ? encodedParams : encodePaymentFrameParams({ ...decoded.params, linkId });
  const sig = sign(params);
  // A path of this portal: the builder puts its own origin in front.
  const link = { sig, url: paymentFrameAddress('', params, sig), params };
  const entry: AuditEntry = {
    action: 'payment_link.create',
    outcome: 'success',
    targetType: 'client',
    targetId: merchant.id,
    clientId: merchant.id,
    details: {
      payment_type: decoded.params.paymentType ?? 'charge',
      one_time: linkId !== null,
      link_id: linkId,
      amount: decoded.params.amount ?? null,
    },
  };
  return { link, entry };
}

// POST /api/payment-links/sign: only the secret key signs (the publishable key is public, so it must
// not let anyone mint links that bind an amount). Audited as payment_link.create with no user: the
// key is the merchant's.
export async function signLinkParams(
  db: Db,
  authorization: string | undefined,
  encodedParams: string,
  signing: LinkSigning & { origin: AuditOrigin },
): Promise<SignedLink> {
  const merchant = await merchantOfBearer(db, authorization);
  if (!merchant.isSecretKey) throw PaymentLinksError.SecretKeyRequired(PaymentLinksText.SecretKeyRequired);
  const { link, entry } = signedLinkOf(merchant, encodedParams, signing);
  await recordAudit(db, {
    ...entry,
    ...signing.origin,
    details: { ...entry.details, credential: 'api_key' },
  });
  return link;
}

// The signed-in builder: the session is the credential. The access layer has checked reach of the
// merchant named in the path and Payment Pages there; processor-audit users read the books only, so
// the builder's reads are refused to them as its writes are. The merchant's secret key is never read.

// The merchants a signed-in caller may make links for: reached in their own right (narrowed to the
// viewed client while viewing as one), holding Payment Pages there by the same rule as the access
// layer's merchant check (in a mimic session, what both people hold). Admin skips per-merchant
// permissions.
async function merchantsWithPaymentPages(db: Db, caller: Caller): Promise<readonly string[] | 'all'> {
  const { session } = caller;
  if (
    bypassesMerchantPermissions(session.role) &&
    caller.viewAsClientId === null &&
    !caller.mimickedByUserId
  ) {
    return 'all';
  }
  const reachable = (await listMerchantsUserCanActFor(db, session, caller.viewAsClientId))
    .filter((client) => client.level === 'Merchant')
    .map((client) => client.id);
  const facts = await findHolderClientAccessFacts(db, session, { ids: reachable });
  return facts
    .filter((fact) => clientPermissionsOf(session, fact)?.includes(Permission.PaymentPages) === true)
    .map((fact) => fact.clientId);
}

function linkMerchantOf(row: LinkMerchantRow): LinkMerchant {
  return { id: row.id, name: row.dbaName ?? row.name, publishable_key: row.publicKey };
}

// GET /api/payment-links/merchants: by name; a caller holding Payment Pages nowhere is refused.
export async function linkMerchantsOf(db: Db, caller: Caller): Promise<LinkMerchant[]> {
  await refuseProcessorAuditUser(caller);
  const merchantIds = await merchantsWithPaymentPages(db, caller);
  if (merchantIds !== 'all' && merchantIds.length === 0) {
    return denyAccess(caller, 'permission', { permission: Permission.PaymentPages });
  }
  return (await listLinkMerchants(db, merchantIds)).map(linkMerchantOf);
}

// The merchant the path names, once the access layer allowed it: an account that takes payments.
async function namedLinkMerchant(db: Executor, caller: Caller, clientId: string): Promise<LinkMerchantRow> {
  await refuseProcessorAuditUser(caller);
  const merchant = await findLinkMerchant(db, clientId);
  if (!merchant) throw PaymentLinksError.MerchantNotFound(PaymentLinksText.MerchantNotFound);
  return merchant;
}

// GET /api/payment-links/merchants/{client_id}/link-config.
export async function merchantLinkConfigOf(db: Db, caller: Caller, clientId: string): Promise<LinkConfig> {
  return linkConfigFor(db, await namedLinkMerchant(db, caller, clientId));
}

// GET /api/payment-links/merchants/{client_id}/terminals.
export async function merchantLinkTerminalsOf(
  db: Db,
  provider: TerminalProvider,
  caller: Caller,
  clientId: string,
): Promise<Record<string, LinkTerminal>> {
  return linkTerminalsFor(db, provider, (await namedLinkMerchant(db, caller, clientId)).id);
}

// POST /api/payment-links/merchants/{client_id}/sign: the link signed as the key path signs it, its
// short link when asked for, and its payment_link.create entry naming the user, committed together.
export async function signMerchantLink(
  deps: { db: Db; publicUrl: string } & LinkSigning,
  caller: Caller,
  clientId: string,
  body: SignMerchantLinkBody,
): Promise<SignedLink & { short_url: string | null }> {
  const merchant = await namedLinkMerchant(deps.db, caller, clientId);
  const { link, entry } = signedLinkOf(merchant, body.params, deps);
  return deps.db.transaction(async (tx) => {
    const shortUrl =
      body.short_link === true ? await storeShortLink(tx, deps.publicUrl, merchant.id, link.url) : null;
    await recordAudit(tx, {
      ...entry,
      ...auditActorOf(caller),
      details: { ...entry.details, credential: 'session', short_link: shortUrl !== null },
    });
    return { ...link, short_url: shortUrl };
  });
}
