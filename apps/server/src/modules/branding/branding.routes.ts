import {
  whiteLabelBody,
  whiteLabelLogoBody,
  whiteLabelLogoParams,
  whiteLabelParams,
  whiteLabelResponse,
} from '@portico/contracts/branding/whitelabel';
import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { publicAccess, type RouteAccess } from '../../access/route-access';
import {
  readWhiteLabel,
  readWhiteLabelLogo,
  removeWhiteLabel,
  removeWhiteLabelLogo,
  setWhiteLabel,
  uploadWhiteLabelLogo,
} from './branding.service';

const errors = errorResponses(400, 401, 403, 404, 422);

// Staff set a parent's white label on its account page.
const staffOnParent: RouteAccess = {
  kind: 'authenticated',
  roles: ['admin', 'healnow'],
  merchant: { from: 'params', key: 'clientid' },
};

export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/whitelabel/:clientid',
    {
      config: { access: staffOnParent },
      schema: {
        tags: ['branding'],
        summary: "A parent's white label (brand name, accent colour, logo address), or null",
        params: whiteLabelParams,
        response: { 200: whiteLabelResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await readWhiteLabel(app.db, request.params.clientid),
    }),
  );

  app.put(
    '/api/whitelabel/:clientid',
    {
      config: { access: staffOnParent },
      schema: {
        tags: ['branding'],
        summary: "Set a parent's brand name and accent colour (refused below AA contrast on white)",
        params: whiteLabelParams,
        body: whiteLabelBody,
        response: { 200: whiteLabelResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await setWhiteLabel(app.db, callerOf(request), request.params.clientid, request.body),
    }),
  );

  app.delete(
    '/api/whitelabel/:clientid',
    {
      config: { access: staffOnParent },
      schema: {
        tags: ['branding'],
        summary: "Remove a parent's white label: its hierarchy sees Portico again",
        params: whiteLabelParams,
        response: { 200: whiteLabelResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await removeWhiteLabel(app.db, callerOf(request), request.params.clientid),
    }),
  );

  app.post(
    '/api/whitelabel/:clientid/logo',
    {
      config: { access: staffOnParent },
      bodyLimit: 2_000_000,
      schema: {
        tags: ['branding'],
        summary: "Upload a parent's brand logo (PNG or JPEG by content, 1 MB at most; SVG refused)",
        params: whiteLabelParams,
        body: whiteLabelLogoBody,
        response: { 200: whiteLabelResponse, ...errors, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await uploadWhiteLabelLogo(app.db, callerOf(request), request.params.clientid, request.body),
    }),
  );

  app.delete(
    '/api/whitelabel/:clientid/logo',
    {
      config: { access: staffOnParent },
      schema: {
        tags: ['branding'],
        summary: "Remove a parent's brand logo",
        params: whiteLabelParams,
        response: { 200: whiteLabelResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await removeWhiteLabelLogo(app.db, callerOf(request), request.params.clientid),
    }),
  );

  app.get(
    '/api/whitelabel/logo/:logoid',
    {
      config: { access: publicAccess, rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['branding'],
        summary: 'A brand logo as an image (public: payment pages, receipts and e-mails show it)',
        description: 'The image bytes (PNG or JPEG); 404 as JSON when no white label uses this logo.',
        params: whiteLabelLogoParams,
      },
    },
    async (request, reply) => {
      const logo = await readWhiteLabelLogo(app.db, request.params.logoid);
      const isPng = logo.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      // A new upload gets a new address, so the image at one address never changes.
      return reply
        .type(isPng ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(logo);
    },
  );
};
