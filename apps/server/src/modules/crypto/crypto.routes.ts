import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  cryptoKycSsoResponse,
  cryptoMerchantQuery,
  cryptoStatusResponse,
  sandboxKycQuery,
} from '@portico/contracts/crypto/crypto-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../access/route-access';
import {
  createSandboxCryptoProvider,
  deriveSandboxKycKey,
  type SandboxCryptoProvider,
  sandboxKycPath,
  sandboxKycTokenPattern,
} from '../../integrations/crypto/sandbox-crypto';
import { requestOrigin } from '../../lib/audit';
import {
  type CryptoDeps,
  completeSandboxKyc,
  cryptoKycSso,
  cryptoStatus,
  sandboxKycMessage,
} from './crypto.service';

export type CryptoRoutesOptions = {
  // The sandbox provider's KYC links point here.
  publicUrl: string;
};

// The home page serves the crypto buttons to merchant roles (routes.ts MERCHANT_ROLES).
const cryptoRoles = ['admin', 'user', 'parent'] as const;
const errors = errorResponses(400, 401, 403, 404);
const htmlPage = z.string().describe('HTML page');
const onMerchant = { from: 'query', key: 'merchant-id' } as const;

// A page of its own, no script: it is opened in a new tab from the home dashboard.
function sandboxPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Crypto KYC (sandbox)</title></head><body><main><h1>Crypto KYC (sandbox)</h1><p>${message}</p></main></body></html>`;
}

export const cryptoRoutes: FastifyPluginAsyncZod<CryptoRoutesOptions> = async (app, opts) => {
  let sandbox: SandboxCryptoProvider | undefined;
  const sandboxProvider = () => {
    sandbox ??= createSandboxCryptoProvider(deriveSandboxKycKey(app.dataKey()), opts.publicUrl);
    return sandbox;
  };
  const deps: CryptoDeps = { db: app.db, provider: sandboxProvider, now: () => app.now() };

  app.get(
    '/api/crypto/status',
    {
      config: { access: { kind: 'authenticated', roles: cryptoRoles, merchant: onMerchant } },
      schema: {
        tags: ['crypto'],
        summary: 'Crypto provider, status and whether the payment page may be used; the KYC link while open',
        querystring: cryptoMerchantQuery,
        response: { 200: cryptoStatusResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await cryptoStatus(deps, request.query['merchant-id']),
    }),
  );

  app.get(
    '/api/crypto/kyc-sso',
    {
      config: { access: { kind: 'authenticated', roles: cryptoRoles, merchant: onMerchant } },
      schema: {
        tags: ['crypto'],
        summary: "A sign-on link to the crypto provider's KYC page (null when there is no KYC to complete)",
        querystring: cryptoMerchantQuery,
        response: { 200: cryptoKycSsoResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await cryptoKycSso(deps, request.query['merchant-id']),
    }),
  );

  // The sandbox provider's KYC page: the signed link is the authorization, so no session.
  app.get(
    sandboxKycPath,
    {
      config: { access: publicAccess, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['crypto'],
        summary: 'Sandbox crypto KYC page: completes the KYC of the merchant the signed link names (HTML)',
        querystring: sandboxKycQuery,
        // A text/html answer goes out as it is, not through the JSON serializer.
        response: { 200: htmlPage, 400: errorEnvelope, 403: htmlPage, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const merchantId = request.query['merchant-id'].toLowerCase();
      const { token } = request.query;
      const isValid =
        sandboxKycTokenPattern.test(token) && sandboxProvider().verify(merchantId, token, app.now());
      const outcome = isValid
        ? await completeSandboxKyc(deps, merchantId, requestOrigin(request))
        : 'invalid';
      return reply
        .code(isValid ? 200 : 403)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(sandboxPage(sandboxKycMessage[outcome]));
    },
  );
};
