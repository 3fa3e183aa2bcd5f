import { errorEnvelope } from '@portico/contracts/common/envelope';
import {
  qrQuery,
  qrResponse,
  ShortLinkText,
  shortLinkCodePattern,
  shortLinkParams,
  shortLinkQuery,
  shortLinkResponse,
} from '@portico/contracts/payment-frame/short-links';
import { virtualTerminalUrlHeaders } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess, publicAccessReadingSession } from '../../access/route-access';
import { escapeHtml } from '../../lib/html';
import { qrDataUrlOf, shortenPaymentLink, shortLinkDestination } from './short-links.service';

export type ShortLinksRoutesOptions = { publicUrl: string };

const linkLimit = { max: 60, timeWindow: '1 minute' };
const qrLimit = { max: 120, timeWindow: '1 minute' };

// Short links and QR codes.
export const shortLinksRoutes: FastifyPluginAsyncZod<ShortLinksRoutesOptions> = async (app, options) => {
  const deps = () => ({ db: app.db, dataKey: () => app.dataKey(), publicUrl: options.publicUrl });

  app.get(
    '/api/urls',
    {
      config: { access: publicAccessReadingSession, rateLimit: linkLimit },
      schema: {
        tags: ['payment-frame'],
        summary: 'The short link of a payment page address (its params signed by the server)',
        description:
          "Bearer: the merchant's secret API key; or a signed-in user with Virtual Terminal on it.",
        headers: virtualTerminalUrlHeaders,
        querystring: shortLinkQuery,
        response: { 200: shortLinkResponse, 400: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await shortenPaymentLink(
        deps(),
        request.session ?? null,
        request.headers.authorization,
        request.query.url,
      ),
    }),
  );

  app.get(
    '/api/qr',
    {
      config: { access: publicAccess, rateLimit: qrLimit },
      schema: {
        tags: ['payment-frame'],
        summary: 'A QR code made on the server: message[1].qr is a PNG data URL (150 by 150 by default)',
        querystring: qrQuery,
        response: { 200: qrResponse, 400: errorEnvelope },
      },
    },
    async (request) => {
      const message: [{ text: string }, { qr: string }] = [
        { text: request.query.text },
        { qr: await qrDataUrlOf(request.query.text, request.query.width) },
      ];
      return { status: true as const, message };
    },
  );

  // A page, not an API call: the payer's browser follows it to the payment frame.
  app.get(
    '/url/:url_id',
    {
      config: { access: publicAccess, rateLimit: linkLimit },
      schema: { hide: true, params: shortLinkParams },
    },
    async (request, reply) => {
      const code = request.params.url_id;
      const destination = shortLinkCodePattern.test(code)
        ? await shortLinkDestination(deps(), code, app.now())
        : null;
      if (destination !== null) return reply.redirect(destination, 302);
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><title>Portico</title><p>${escapeHtml(ShortLinkText.NotFound)}</p>`);
    },
  );
};
