import fs from 'node:fs';
import path from 'node:path';
import { paymentFramePath, specPaymentFramePath } from '@portico/contracts/payment-frame/params';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicAccess } from '../access/route-access';

// The payment frame page: the built payment-frame.html of the portal, the one page any site may frame. Its
// CSP is the portal's with frame-ancestors opened; helmet's X-Frame-Options is dropped for it alone.
export const paymentFrameCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  'frame-ancestors *',
].join('; ');

export const paymentFramePagePlugin = fp(
  async (app: FastifyInstance, opts: { webDistDir: string | undefined }) => {
    const file = opts.webDistDir ? path.join(opts.webDistDir, 'payment-frame.html') : undefined;
    // The product's public address: the same page under the portal's base, query kept.
    app.get(
      specPaymentFramePath,
      { config: { access: publicAccess }, schema: { hide: true } },
      (request, reply) => {
        const queryStart = request.url.indexOf('?');
        return reply.redirect(
          `${paymentFramePath}${queryStart === -1 ? '' : request.url.slice(queryStart)}`,
          302,
        );
      },
    );
    app.get(
      paymentFramePath,
      { config: { access: publicAccess }, schema: { hide: true } },
      async (_request, reply) => {
        if (!file || !fs.existsSync(file)) {
          return reply
            .code(503)
            .type('text/plain')
            .send('The portal has not been built yet: run `npm run build`.');
        }
        reply.removeHeader('x-frame-options');
        return reply
          .header('content-security-policy', paymentFrameCsp)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(await fs.promises.readFile(file));
      },
    );
  },
  { name: 'payment-frame-page' },
);
