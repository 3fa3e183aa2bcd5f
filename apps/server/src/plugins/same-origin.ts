import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { allowedOriginsOf, isForgeryFree } from '../lib/same-origin';

export type SameOriginOptions = { publicUrl: string };

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// Refuses unsafe requests that a browser says come from another origin (lib/same-origin.ts). Runs
// before the session is looked up: a forged request costs no query.
export const sameOriginPlugin = fp(
  async (app: FastifyInstance, opts: SameOriginOptions) => {
    const allowedOrigins = allowedOriginsOf(opts.publicUrl);
    app.addHook('onRequest', async (request) => {
      const provenance = {
        method: request.method,
        origin: headerValue(request.headers.origin),
        secFetchSite: headerValue(request.headers['sec-fetch-site']),
      };
      if (isForgeryFree(provenance, allowedOrigins)) return;
      request.log.warn(
        { origin: provenance.origin, secFetchSite: provenance.secFetchSite },
        'cross-origin write refused',
      );
      throw new AppError(CommonErrorCode.Forbidden, 'forbidden', 'This request did not come from the portal');
    });
  },
  { name: 'same-origin' },
);
