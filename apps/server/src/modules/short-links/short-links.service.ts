import { randomBytes } from 'node:crypto';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import {
  decodePaymentFrameParams,
  paymentFrameAddress,
  paymentFrameParamsQueryName,
  paymentFramePath,
} from '@portico/contracts/payment-frame/params';
import { ShortLinkErrorCode, ShortLinkText } from '@portico/contracts/payment-frame/short-links';
import { bearerTokenOf } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import QRCode from 'qrcode';
import type { SessionContext } from '../../access/request-session';
import type { Db, Executor } from '../../db/client';
import { AppError, defineErrors } from '../../lib/app-error';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import { findClientIdBySecretApiKey } from '../../lib/secret-api-key';
import { findMerchantByPublishableKey } from '../charges/charges.repository';
import { virtualTerminalGrants } from '../charges/charges.service';
import { findShortLinkTarget, insertShortLink } from './short-links.repository';

export const ShortLinkError = defineErrors({
  NotPaymentFrame: [ShortLinkErrorCode.NotPaymentFrame, 'validation'],
  NotFound: [ShortLinkErrorCode.NotFound, 'not_found'],
});

export type ShortLinkDeps = { db: Db; dataKey: () => Buffer; publicUrl: string };

// The params text of a payment frame address of this portal (absolute on any host, or a path); null
// for anything else, so no short link can point away from the payment page.
function frameParamsOf(url: string): string | null {
  try {
    const parsed = new URL(url, 'http://portal.invalid');
    if (parsed.pathname !== paymentFramePath || !['http:', 'https:'].includes(parsed.protocol)) return null;
    return parsed.searchParams.get(paymentFrameParamsQueryName);
  } catch {
    return null;
  }
}

// GET /api/urls: the short link of a payment page. Shortening signs the params, so only the merchant
// may do it: its secret API key as bearer, or a signed-in user with Virtual Terminal on it.
export async function shortenPaymentLink(
  deps: ShortLinkDeps,
  session: SessionContext | null,
  authorization: string | undefined,
  url: string,
): Promise<string> {
  const encoded = frameParamsOf(url);
  const decoded = encoded === null ? null : decodePaymentFrameParams(encoded);
  if (encoded === null || decoded === null || !decoded.ok) {
    throw ShortLinkError.NotPaymentFrame(ShortLinkText.NotPaymentFrame);
  }
  const merchant = await findMerchantByPublishableKey(deps.db, decoded.params.publishableKey);
  if (!merchant) throw ShortLinkError.NotPaymentFrame(ShortLinkText.NotPaymentFrame);
  const bearer = bearerTokenOf(authorization);
  const isMerchantKey =
    bearer !== null && (await findClientIdBySecretApiKey(deps.db, bearer)) === merchant.id;
  if (!isMerchantKey && (await virtualTerminalGrants(deps.db, session, merchant.id)) === null) {
    throw new AppError(CommonErrorCode.Forbidden, 'forbidden', 'You may not make links for this merchant');
  }
  const target = paymentFrameAddress('', encoded, signPaymentFrameParams(deps, encoded));
  return storeShortLink(deps.db, deps.publicUrl, merchant.id, target);
}

// A new short link of the merchant to a signed payment frame path; answers its address. The caller
// has decided that it may make links for the merchant.
export async function storeShortLink(
  executor: Executor,
  publicUrl: string,
  clientId: string,
  signedFramePath: string,
): Promise<string> {
  // 48 random bits: short, and not worth guessing (each code only opens a payment page).
  const code = randomBytes(6).toString('base64url');
  await insertShortLink(executor, { code, targetUrl: signedFramePath, clientId });
  return `${publicUrl}/url/${code}`;
}

// GET /url/{url_id}: where a short link or a saved terminal's url_id leads, signed. null: nowhere.
export async function shortLinkDestination(
  deps: ShortLinkDeps,
  code: string,
  now: Date,
): Promise<string | null> {
  const target = await findShortLinkTarget(deps.db, code);
  if (!target || (target.expiresAt !== null && target.expiresAt < now)) return null;
  if (target.kind === 'short_link') return target.targetUrl;
  // A saved terminal: its stored address was saved by a user with Virtual Terminal Configuration.
  const encoded = frameParamsOf(target.targetUrl);
  if (encoded === null || !decodePaymentFrameParams(encoded).ok) return null;
  return paymentFrameAddress('', encoded, signPaymentFrameParams(deps, encoded));
}

// GET /api/qr: the QR code of a text as a PNG data URL, width x width pixels (a QR code is square).
export async function qrDataUrlOf(text: string, width: number): Promise<string> {
  const png = await QRCode.toBuffer(text, { type: 'png', width, margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/png;base64,${png.toString('base64')}`;
}
