import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  enablementStateQuery,
  enablementStateResponse,
  epxEnableBody,
  epxEnableResponse,
  forumPayEnableBody,
  forumPayEnableResponse,
  proPayEnableBody,
  proPayEnableResponse,
  proPayPortalPages,
  proPaySandboxPortalQuery,
  proPaySsoQuery,
  proPaySsoResponse,
} from '@portico/contracts/processor-enablement/processor-enablement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../access/caller';
import { publicAccess } from '../../access/route-access';
import {
  createSandboxOnboarding,
  deriveSandboxOnboardingKey,
  proPaySandboxPortalPath,
  type SandboxOnboarding,
} from '../../integrations/onboarding/sandbox-onboarding';
import { escapeHtml } from '../../lib/html';
import {
  type EnablementDeps,
  enableEpx,
  enableForumPay,
  enablementState,
  enableProPay,
  proPaySso,
  sandboxPortalAccount,
} from './processor-enablement.service';

// Enablement Options are the provider's staff only.
const staffRoles = ['admin', 'healnow'] as const;
const errors = errorResponses(400, 401, 403, 404, 409, 422);
const htmlPage = z.string().describe('HTML page');

// The sandbox's stand-in for ProPay's merchant portal, shown in the account page's 480px frame.
function portalPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ProPay portal (sandbox)</title><style>body{font-family:sans-serif;margin:12px}nav a{display:inline-block;margin:0 8px 6px 0}</style></head><body><main>${body}</main></body></html>`;
}

function portalBody(account: string, clientId: string, token: string, page: string): string {
  const links = proPayPortalPages
    .map((name) => {
      const query = new URLSearchParams({ client_id: clientId, token, page: name });
      const current = name === page ? ' aria-current="page"' : '';
      return `<a href="${proPaySandboxPortalPath}?${escapeHtml(query.toString())}"${current}>${escapeHtml(name)}</a>`;
    })
    .join('');
  return `<h1>ProPay portal (sandbox)</h1><p>Account ${escapeHtml(account)}</p><nav aria-label="ProPay pages">${links}</nav><h2>${escapeHtml(page)}</h2><p>The sandbox has no ${escapeHtml(page.toLowerCase())} data for this account.</p>`;
}

export const processorEnablementRoutes: FastifyPluginAsyncZod = async (app) => {
  let sandbox: SandboxOnboarding | undefined;
  const deps: EnablementDeps = {
    db: app.db,
    onboarding: () => {
      sandbox ??= createSandboxOnboarding(deriveSandboxOnboardingKey(app.dataKey()));
      return sandbox;
    },
    cipher: () => app.fieldCipher(),
    now: () => app.now(),
  };

  app.get(
    '/api/processor-enablement',
    {
      config: {
        access: { kind: 'authenticated', roles: staffRoles, merchant: { from: 'query', key: 'id' } },
      },
      schema: {
        tags: ['processor-enablement'],
        summary: 'Which processors (EPX, ProPay, ForumPay) a merchant is enabled at',
        querystring: enablementStateQuery,
        response: { 200: enablementStateResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, message: await enablementState(deps, request.query.id) }),
  );

  app.post(
    '/api/epx/enable',
    {
      config: { access: { kind: 'authenticated', roles: staffRoles, merchant: { from: 'body', key: 'id' } } },
      schema: {
        tags: ['processor-enablement'],
        summary: 'Enable EPX for a merchant, or re-submit its fees, or re-create its application',
        body: epxEnableBody,
        response: { 200: epxEnableResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await enableEpx(deps, callerOf(request), request.body),
    }),
  );

  app.patch(
    '/api/client/enablepropay',
    {
      config: { access: { kind: 'authenticated', roles: staffRoles, merchant: { from: 'body', key: 'id' } } },
      schema: {
        tags: ['processor-enablement'],
        summary: "Enroll a merchant at ProPay (card plus ACH, or ACH only); success only on status code '00'",
        body: proPayEnableBody,
        response: { 200: proPayEnableResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await enableProPay(deps, callerOf(request), request.body),
    }),
  );

  app.post(
    '/api/enable-forum-pay',
    {
      config: {
        access: { kind: 'authenticated', roles: staffRoles, merchant: { from: 'body', key: 'merchant_id' } },
      },
      schema: {
        tags: ['processor-enablement'],
        summary: 'Enable ForumPay crypto for a merchant (its KYC follows)',
        body: forumPayEnableBody,
        response: { 200: forumPayEnableResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await enableForumPay(deps, callerOf(request), request.body.merchant_id),
    }),
  );

  app.get(
    '/api/sso/propay',
    {
      config: {
        access: { kind: 'authenticated', roles: staffRoles, merchant: { from: 'query', key: 'client_id' } },
      },
      schema: {
        tags: ['processor-enablement'],
        summary: "A signed-in link to the ProPay portal of the merchant's account (authToken)",
        querystring: proPaySsoQuery,
        response: { 200: proPaySsoResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await proPaySso(deps, callerOf(request), request.query.client_id),
    }),
  );

  // The sandbox's portal page: the signed link is the authorization, so no session. Framed by the
  // portal itself only.
  app.get(
    proPaySandboxPortalPath,
    {
      config: { access: publicAccess, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['processor-enablement'],
        summary: 'Sandbox ProPay merchant portal (HTML), opened through GET /api/sso/propay',
        querystring: proPaySandboxPortalQuery,
        response: { 200: htmlPage, 400: errorEnvelope, 403: htmlPage, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { client_id: clientId, token } = request.query;
      const page = proPayPortalPages.find((name) => name === request.query.page) ?? proPayPortalPages[0];
      const account = await sandboxPortalAccount(deps, clientId.toLowerCase(), token);
      const body = account
        ? portalBody(account, clientId.toLowerCase(), token, page)
        : '<h1>ProPay portal (sandbox)</h1><p>This link is not valid or has expired.</p>';
      return reply
        .code(account ? 200 : 403)
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
        )
        .header('x-frame-options', 'SAMEORIGIN')
        .type('text/html; charset=utf-8')
        .send(portalPage(body));
    },
  );
};
