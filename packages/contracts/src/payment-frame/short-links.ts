import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Short links and QR codes.

// GET /api/urls?url={link} (bearer: the merchant's secret API key, or a signed-in user with Virtual
// Terminal on the link's merchant): message is the short link, {origin}/url/{code}. The server signs
// the params of the address it shortens (tamper design in params.ts).
export const shortLinkQuery = z.object({ url: z.string().min(1).max(40_000) });
export const shortLinkResponse = successEnvelope(z.string());

export const shortLinkCodePattern = /^[A-Za-z0-9_-]{4,64}$/;
export const shortLinkParams = z.object({ url_id: z.string().max(64) });

export const ShortLinkText = {
  NotPaymentFrame: 'Only payment page addresses of this portal can be shortened.',
  NotFound: 'This link does not exist or is no longer active.',
} as const;

export const ShortLinkErrorCode = {
  NotPaymentFrame: 'NOT_A_PAYMENT_PAGE',
  NotFound: 'SHORT_LINK_NOT_FOUND',
} as const;

// GET /api/qr?text={url}&icon={icon}&width=150&height=150: message[1].qr is the PNG as a data URL,
// made on the server (150 by 150).
export const qrQuery = z.object({
  text: z.string().min(1).max(2000),
  icon: z.string().max(200).optional(),
  width: z.coerce.number().int().min(50).max(1000).default(150),
  height: z.coerce.number().int().min(50).max(1000).default(150),
});
export const qrResponse = successEnvelope(
  z.tuple([
    z.object({ text: z.string() }),
    z.object({ qr: z.string().startsWith('data:image/png;base64,') }),
  ]),
);
