import { randomUUID } from 'node:crypto';
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
  type LinkConfig,
  type LinkTerminal,
  PaymentLinksErrorCode,
  PaymentLinksText,
} from '@portico/contracts/payment-links/payment-links';
import { bearerTokenOf } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import type { Db } from '../../db/client';
import type { TerminalProvider } from '../../integrations/terminals/terminal-provider';
import { defineErrors } from '../../lib/app-error';
import { terminalDeviceOf } from '../terminals/terminal-device';
import {
  findLinkConfiguration,
  findMerchantByAnyKey,
  findWhiteLabelLogo,
  listMerchantTerminals,
} from './payment-links.repository';

export const PaymentLinksError = defineErrors({
  ApiKeyRequired: [PaymentLinksErrorCode.ApiKeyRequired, 'validation'],
  UnknownApiKey: [PaymentLinksErrorCode.UnknownApiKey, 'unauthenticated'],
  SecretKeyRequired: [PaymentLinksErrorCode.SecretKeyRequired, 'forbidden'],
  InvalidParams: [PaymentLinksErrorCode.InvalidParams, 'validation'],
  ExpiryInPast: [LinkTermsErrorCode.ExpiryInPast, 'validation'],
});

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
  const merchant = await merchantOfBearer(db, authorization);
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
  const merchant = await merchantOfBearer(db, authorization);
  const rows = await listMerchantTerminals(db, merchant.id);
  const statuses = await provider.connectionStatuses(
    rows.map((row) => terminalDeviceOf({ ...row, clientId: merchant.id })),
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

// POST /api/payment-links/sign: only the secret key signs (the publishable key is public, so it must
// not let anyone mint links that bind an amount), and only params naming this merchant's publishable
// key and passing the frame's schema, with an expiry (if any) still ahead. A one-time charge is
// signed with a fresh linkId of the server's, whatever the builder sent, so each link built is paid
// once on its own (contracts payment-frame/link-terms.ts).
export async function signLinkParams(
  db: Db,
  authorization: string | undefined,
  encodedParams: string,
  sign: (encodedParams: string) => string,
  now: Date,
): Promise<{ sig: string; url: string; params: string }> {
  const merchant = await merchantOfBearer(db, authorization);
  if (!merchant.isSecretKey) throw PaymentLinksError.SecretKeyRequired(PaymentLinksText.SecretKeyRequired);
  const decoded = decodePaymentFrameParams(encodedParams);
  if (!decoded.ok || decoded.params.publishableKey !== merchant.publicKey) {
    throw PaymentLinksError.InvalidParams(PaymentLinksText.InvalidParams);
  }
  if (isLinkExpired(decoded.params, now)) throw PaymentLinksError.ExpiryInPast(LinkTermsText.ExpiryInPast);
  const params = isOneTimeLink(decoded.params)
    ? encodePaymentFrameParams({ ...decoded.params, linkId: randomUUID() })
    : encodedParams;
  const sig = sign(params);
  // A path of this portal: the builder puts its own origin in front.
  return { sig, url: paymentFrameAddress('', params, sig), params };
}
