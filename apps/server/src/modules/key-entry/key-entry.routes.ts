import {
  keyArnBody,
  keyArnResponse,
  keyComponentBody,
  keyComponentResponse,
  keyStateResponse,
  remoteKeyInjectionBody,
  remoteKeyInjectionResponse,
} from '@portico/contracts/access/key-entry';
import { Permission } from '@portico/contracts/access/permission-names';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import { currentKeyState, injectRemoteKey, loadKeyArn, loadKeyComponent } from './key-entry.service';

// Staff only, holding Permissions, and never from a mimic session.
const keyEntryAccess: RouteAccess = {
  kind: 'authenticated',
  roles: ['admin'],
  permission: Permission.Permissions,
  mimicSession: 'refused',
};
// Loading key material: the officer proves the second factor again within the step-up window.
const keyEntryWriteAccess: RouteAccess = { ...keyEntryAccess, stepUp: 'required' };

const errors = errorResponses(400, 401, 403, 422);

export const keyEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, cipher: app.fieldCipher() });

  app.get(
    '/api/key-entry/kcv',
    {
      config: { access: keyEntryAccess },
      schema: {
        tags: ['key-entry'],
        summary:
          'The key being entered (else the last completed): check values and officers, never key material',
        response: { 200: keyStateResponse, ...errors },
      },
    },
    async () => ({ status: true as const, message: await currentKeyState(app.db) }),
  );

  app.post(
    '/api/key-entry',
    {
      config: { access: keyEntryWriteAccess },
      schema: {
        tags: ['key-entry'],
        summary: "Load one officer's key component (XOR-combined; a second officer's completes the key)",
        body: keyComponentBody,
        response: { 200: keyComponentResponse, ...errors },
      },
    },
    async (request) => {
      const session = request.requireSession();
      const loaded = await loadKeyComponent(deps(), session, requestOrigin(request), request.body);
      return { status: true as const, message: loaded };
    },
  );

  app.post(
    '/api/key-entry/arn',
    {
      config: { access: keyEntryWriteAccess },
      schema: {
        tags: ['key-entry'],
        summary: 'Record the key-management key (ARN) remote key injection wraps the device key under',
        body: keyArnBody,
        response: { 200: keyArnResponse, ...errors },
      },
    },
    async (request) => {
      const session = request.requireSession();
      const state = await loadKeyArn(deps(), session, requestOrigin(request), request.body.arn);
      return { status: true as const, message: state };
    },
  );

  app.post(
    '/api/remote-key-injection',
    {
      config: { access: keyEntryWriteAccess },
      schema: {
        tags: ['key-entry'],
        summary:
          "Derive a device's DUKPT initial key (ANSI X9.24-1) from the completed BDK and its serial number",
        body: remoteKeyInjectionBody,
        response: { 200: remoteKeyInjectionResponse, ...errors },
      },
    },
    async (request) => {
      const session = request.requireSession();
      const injected = await injectRemoteKey(deps(), session, requestOrigin(request), request.body.ksn);
      return { status: true as const, message: injected };
    },
  );
};
