import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  apiKeysResponse,
  revealSecretKeyBody,
  revealSecretKeyResponse,
  rollSecretKeyBody,
  rollSecretKeyResponse,
} from '@portico/contracts/virtual-terminals/api-keys';
import {
  patchVirtualTerminalBody,
  patchVirtualTerminalResponse,
  saveVirtualTerminalBody,
  saveVirtualTerminalResponse,
  virtualTerminalIdParams,
} from '@portico/contracts/virtual-terminals/terminal-configuration';
import {
  virtualTerminalUrlHeaders,
  virtualTerminalUrlQuery,
  virtualTerminalUrlResponse,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import {
  listApiKeys,
  revealSecretApiKey,
  rollSecretApiKey,
  saveVirtualTerminal,
  setVirtualTerminalStatus,
  virtualTerminalUrls,
} from './virtual-terminals.service';

// The virtual terminal and its configurator are for admin, user and
// parent; the permissions page (admin, alpha) also lists the merchants with their keys.
const terminalRoles = ['admin', 'user', 'parent'] as const;
const apiKeyRoles = ['admin', 'user', 'parent', 'alpha'] as const;
// Revealing and rolling a merchant's secret key: the merchant named in the body, never in a mimic session,
// and with the second factor proved within the step-up window.
const secretKeyAccess: RouteAccess = {
  kind: 'authenticated',
  roles: apiKeyRoles,
  merchant: { from: 'body', key: 'client_id' },
  mimicSession: 'refused',
  stepUp: 'required',
};
const errors = errorResponses(400, 401, 403, 404);
const writeErrors = { ...errors, 422: errorEnvelope };

export const virtualTerminalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/apikeys',
    {
      config: { access: { kind: 'authenticated', roles: apiKeyRoles } },
      schema: {
        tags: ['virtual-terminals'],
        summary:
          'Merchant accounts whose virtual terminal the caller may open, with their public keys and, where ' +
          'the caller may read it, the masked secret API key',
        description:
          'The secret key (apikey) is masked (****1234) and answered only on merchants where the caller holds ' +
          'Payment Pages or Virtual Terminal Configuration, or is staff; elsewhere it is null. The full key ' +
          'comes only from POST /api/user/apikeys/reveal.',
        response: { 200: apiKeysResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await listApiKeys(app.db, callerOf(request)),
    }),
  );

  app.post(
    '/api/user/apikeys/reveal',
    {
      config: { access: secretKeyAccess },
      schema: {
        tags: ['virtual-terminals'],
        summary: "Reveal the merchant's secret API key in full",
        description:
          'Needs Payment Pages or Virtual Terminal Configuration on the merchant, or staff; refused to ' +
          'processor-audit users and mimic sessions. 404 when the merchant has no secret key. Audited as ' +
          'apikey.reveal.',
        body: revealSecretKeyBody,
        response: { 200: revealSecretKeyResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await revealSecretApiKey(app.db, app.fieldCipher, callerOf(request), request.body),
    }),
  );

  app.post(
    '/api/user/apikeys/roll',
    {
      config: { access: secretKeyAccess },
      schema: {
        tags: ['virtual-terminals'],
        summary: "Roll the merchant's secret API key",
        description:
          'Needs what revealing the secret key needs. The new key is answered once, here; the previous key ' +
          'keeps working for grace_days days (0 to 7; 0: refused at once). Audited as apikey.roll.',
        body: rollSecretKeyBody,
        response: { 200: rollSecretKeyResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await rollSecretApiKey(app.db, app.fieldCipher, callerOf(request), request.body),
    }),
  );

  app.get(
    '/api/virtualterminalurl',
    {
      config: { access: { kind: 'authenticated', roles: terminalRoles } },
      schema: {
        tags: ['virtual-terminals'],
        summary: 'Configured virtual terminals of the merchant named by the bearer API key (one with ?id=)',
        description:
          'The signed-in caller must reach the merchant and hold Virtual Terminal there; the key names the ' +
          'merchant and is never accepted without a session.',
        headers: virtualTerminalUrlHeaders,
        querystring: virtualTerminalUrlQuery,
        response: { 200: virtualTerminalUrlResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await virtualTerminalUrls(
        app.db,
        callerOf(request),
        request.headers.authorization,
        request.query.id,
      ),
    }),
  );

  app.post(
    '/api/virtualterminalurl',
    {
      config: { access: { kind: 'authenticated', roles: terminalRoles } },
      schema: {
        tags: ['virtual-terminals'],
        summary:
          'Create a virtual terminal of the merchant named by the bearer publishable key, or update one with id',
        description:
          'Needs Virtual Terminal and Virtual Terminal Configuration on the merchant. Custom fields are checked ' +
          'by the custom field rules (422 with the first message) and stored with required false.',
        headers: virtualTerminalUrlHeaders,
        body: saveVirtualTerminalBody,
        response: { 200: saveVirtualTerminalResponse, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await saveVirtualTerminal(
        app.db,
        callerOf(request),
        request.headers.authorization,
        request.body,
        (encodedParams) => signPaymentFrameParams(app, encodedParams),
      ),
    }),
  );

  app.patch(
    '/api/virtualterminalurl/:id',
    {
      config: { access: { kind: 'authenticated', roles: terminalRoles } },
      schema: {
        tags: ['virtual-terminals'],
        summary:
          'Activate or deactivate a virtual terminal of the merchant named by the bearer publishable key',
        headers: virtualTerminalUrlHeaders,
        params: virtualTerminalIdParams,
        body: patchVirtualTerminalBody,
        response: { 200: patchVirtualTerminalResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await setVirtualTerminalStatus(
        app.db,
        callerOf(request),
        request.headers.authorization,
        request.params.id,
        request.body.is_active,
      ),
    }),
  );
};
