import { userTypes } from '@portico/contracts/auth/roles';
import {
  accountDetailParams,
  accountDetailResponse,
  accountEditBody,
  accountEditResponse,
  accountEventsResponse,
  accountRevealBody,
  accountRevealResponse,
  clientHierarchyBody,
  clientHierarchyResponse,
  isParentMerchantResponse,
  kycReportQuery,
  logoMaxBytes,
  logoUploadBody,
  logoUploadResponse,
  mccListResponse,
  payoutVolumeResponse,
} from '@portico/contracts/clients/account-detail';
import {
  locationCustomFieldsBody,
  locationCustomFieldsResponse,
} from '@portico/contracts/clients/location-custom-fields';
import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import { kycViewResponse } from '@portico/contracts/enrollment/enrollment-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { reviewRoles } from '../../access/owner-access';
import { viewKyc } from '../enrollment-actions/kyc.service';
import { findClientLevel, findEnrollmentIdOfClient, listMccCodes } from './accounts.repository';
import {
  AccountError,
  changeAccountParent,
  editAccount,
  listEvents,
  payoutVolume,
  readAccount,
  revealAccountField,
  uploadLogo,
} from './accounts.service';
import { readLocationCustomFields, replaceLocationCustomFields } from './location-custom-fields.service';

const errors = errorResponses(400, 401, 403, 404);

// The account page is open to every role the menu offers Accounts to, each caller
// scoped to the merchants it reaches (the merchant selector); a foreign id is a 403.
const accountRoles = ['admin', 'healnow', 'parent', 'user'] as const;
const staffRoles = ['admin', 'healnow'] as const;
const byClientParam = { from: 'params', key: 'clientid' } as const;

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, cipher: app.fieldCipher, mail: app.mail };

  app.get(
    '/api/account/:clientid',
    {
      config: { access: { kind: 'authenticated', roles: accountRoles, merchant: byClientParam } },
      schema: {
        tags: ['accounts'],
        summary: 'The account detail page record: the sections the caller may see, sensitive fields masked',
        params: accountDetailParams,
        response: { 200: accountDetailResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await readAccount(app.db, callerOf(request), request.params.clientid),
    }),
  );

  app.patch(
    '/api/client/:clientid',
    {
      config: { access: { kind: 'authenticated', roles: accountRoles, merchant: byClientParam } },
      schema: {
        tags: ['accounts'],
        summary: 'Save the account (body meta: the account as a JSON string); audited field by field',
        params: accountDetailParams,
        body: accountEditBody,
        response: { 200: accountEditResponse, ...errors, 422: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await editAccount(deps, callerOf(request), request.params.clientid, request.body.meta),
    }),
  );

  app.post(
    '/api/account/:clientid/reveal',
    {
      // A masked field in full: with the second factor proved within the step-up window.
      config: {
        access: { kind: 'authenticated', roles: accountRoles, merchant: byClientParam, stepUp: 'required' },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Reveal one sensitive field of the account (permissioned and audited)',
        params: accountDetailParams,
        body: accountRevealBody,
        response: { 200: accountRevealResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await revealAccountField(deps, callerOf(request), request.params.clientid, request.body.field),
    }),
  );

  // Settings: the location custom fields the sub-locations calls validate against.
  app.get(
    '/api/account/:clientid/location-custom-fields',
    {
      config: { access: { kind: 'authenticated', roles: accountRoles, merchant: byClientParam } },
      schema: {
        tags: ['accounts'],
        summary: "The account's location custom fields (name and type), by name",
        params: accountDetailParams,
        response: { 200: locationCustomFieldsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await readLocationCustomFields(app.db, callerOf(request), request.params.clientid),
    }),
  );

  app.put(
    '/api/account/:clientid/location-custom-fields',
    {
      config: { access: { kind: 'authenticated', roles: accountRoles, merchant: byClientParam } },
      schema: {
        tags: ['accounts'],
        summary:
          "Replace the account's location custom fields (Settings editors); audited as an account change",
        params: accountDetailParams,
        body: locationCustomFieldsBody,
        response: { 200: locationCustomFieldsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await replaceLocationCustomFields(
        app.db,
        callerOf(request),
        request.params.clientid,
        request.body.fields,
      ),
    }),
  );

  app.get(
    '/api/account/:clientid/events',
    {
      config: { access: { kind: 'authenticated', roles: reviewRoles, merchant: byClientParam } },
      schema: {
        tags: ['accounts'],
        summary: 'Every change of the account from the audit log: who, when, fields, old and new values',
        params: accountDetailParams,
        response: { 200: accountEventsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await listEvents(app.db, callerOf(request), request.params.clientid),
    }),
  );

  app.get(
    '/api/account/:clientid/payout-volume',
    {
      config: { access: { kind: 'authenticated', roles: accountRoles, merchant: byClientParam } },
      schema: {
        tags: ['accounts'],
        summary: 'Monthly Payout Volume: the last twelve months of payouts by month',
        params: accountDetailParams,
        response: { 200: payoutVolumeResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await payoutVolume(app.db, request.params.clientid, app.now()),
    }),
  );

  app.get(
    '/api/is-parent-merchant/:clientid',
    {
      config: { access: { kind: 'authenticated', roles: userTypes, merchant: byClientParam } },
      schema: {
        tags: ['accounts'],
        summary: 'The level of an account (Parent or Merchant)',
        params: accountDetailParams,
        response: { 200: isParentMerchantResponse, ...errors },
      },
    },
    async (request) => {
      const client = await findClientLevel(app.db, request.params.clientid);
      if (!client) throw AccountError.NotFound('Account not found');
      return { status: true as const, message: { level: client.level } };
    },
  );

  app.get(
    '/api/mcc',
    {
      config: { access: { kind: 'authenticated', roles: userTypes } },
      schema: {
        tags: ['accounts'],
        summary: 'MCC codes with their label and base card rate (the floor of an MCC card rate)',
        response: { 200: mccListResponse, 401: errorEnvelope },
      },
    },
    async () => ({
      status: true as const,
      message: (await listMccCodes(app.db)).map((row) => ({
        mcc_code: row.code,
        label: row.description,
        card_rate: row.cardRate,
      })),
    }),
  );

  app.get(
    '/api/report/kyc',
    {
      config: {
        access: { kind: 'authenticated', roles: staffRoles, merchant: { from: 'query', key: 'client_id' } },
      },
      schema: {
        tags: ['accounts'],
        summary: "KYC status and log of the account's enrollment",
        querystring: kycReportQuery,
        response: { 200: kycViewResponse, ...errors },
      },
    },
    async (request) => {
      const enrollmentId = await findEnrollmentIdOfClient(app.db, request.query.client_id);
      if (!enrollmentId) throw AccountError.NotFound('This account has no enrollment');
      return {
        status: true as const,
        message: await viewKyc(deps, callerOf(request), enrollmentId),
      };
    },
  );

  app.post(
    '/api/client/hierarchy',
    {
      config: {
        access: { kind: 'authenticated', roles: staffRoles, merchant: { from: 'body', key: 'clientid' } },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Move an account under the parent named by its legal name',
        body: clientHierarchyBody,
        response: { 200: clientHierarchyResponse, ...errors, 422: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await changeAccountParent(app.db, callerOf(request), request.body),
    }),
  );

  app.post(
    '/api/logo',
    {
      config: {
        access: { kind: 'authenticated', roles: accountRoles, merchant: { from: 'body', key: 'client_id' } },
      },
      bodyLimit: 2_000_000,
      schema: {
        tags: ['accounts'],
        summary: "Upload the account's logo (PNG or JPEG, checked by content)",
        body: logoUploadBody,
        response: { 200: logoUploadResponse, ...errors, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await uploadLogo(app.db, callerOf(request), request.body, logoMaxBytes),
    }),
  );
};
