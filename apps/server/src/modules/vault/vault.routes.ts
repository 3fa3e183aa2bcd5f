import { Permission } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import { userTypes } from '@portico/contracts/auth/roles';
import { errorResponses } from '@portico/contracts/common/envelope';
import {
  payeeSearchQuery,
  payeeSearchResponse,
  vaultCustomerIdParams,
  vaultCustomerParams,
  vaultCustomerPatchBody,
  vaultCustomerPatchResponse,
  vaultCustomerResponse,
  whoamiQuery,
  whoamiResponse,
} from '@portico/contracts/vault/vault';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { refuseProcessorAuditUser } from '../../access/denial';
import { requestOrigin } from '../../lib/audit';
import { sendJsonText } from '../../lib/json-text';
import {
  editVaultCustomer,
  payeeSearchResponseBytes,
  searchVault,
  type VaultDeps,
  vaultCustomerForTerminal,
  vaultSearchPrefetchOf,
  whoami,
} from './vault.service';
import { createPatientCrypto, type PatientCrypto } from './vault-patient-fields';

// The vault is for admin, parent and merchant users. A search naming its
// merchant (clientid) is decided by the access layer and the service takes that decision; a search
// of the caller's own merchant and the customer calls (the customer's merchant) are checked in the
// service, as a route rule only names a merchant it can read from the request.
// Processor-audit users read the books, not the merchants' customers: their menu has no Vault, and
// the vault's reads refuse them (403) as costing does.
const vaultRoles: readonly UserType[] = ['admin', 'parent', 'user'];

const errors = errorResponses(400, 401, 403, 404, 422);

export const vaultRoutes: FastifyPluginAsyncZod = async (app) => {
  // Made on first use and kept, with the patient-number key it derives (an app that never reads the
  // vault loads no data key).
  let patientCrypto: PatientCrypto | undefined;
  const deps = (): VaultDeps => {
    patientCrypto ??= createPatientCrypto(app.fieldCipher(), app.dataKey);
    return { db: app.db, patientCrypto, now: app.now };
  };
  app.get(
    '/api/payee/all',
    {
      config: {
        access: {
          kind: 'authenticated',
          roles: vaultRoles,
          permission: Permission.Vault,
          merchant: { from: 'query', key: 'clientid' },
        },
        // For speed, the search goes out with the session statement (one round trip); the
        // service uses its rows only when the request was allowed and they answer its own search.
        sessionPrefetch: (request) => vaultSearchPrefetchOf(request.query, deps().patientCrypto),
      },
      schema: {
        tags: ['vault'],
        summary: "Vault search: one merchant's customers with their saved methods",
        description:
          'Prefix match on first name, last name and e-mail; exact match on external id and (for users of the merchant with Vault) patient number. At most 100 customers, by last name.',
        querystring: payeeSearchQuery,
        response: { 200: payeeSearchResponse, ...errors },
      },
    },
    // For speed, the customers come as the JSON text the database wrote, and the answer is
    // sent as text around them (no object built, no serialiser pass); the API test holds it to the
    // contract.
    async (request, reply) => {
      await refuseProcessorAuditUser(callerOf(request));
      const answer = await searchVault(
        deps(),
        {
          session: request.requireSession(),
          origin: requestOrigin(request),
          merchantAccess: request.merchantAccess,
          defaultClientId: request.prefetchedAccess?.permissionHolder?.defaultClientId,
        },
        request.query,
        request.prefetchedRead,
      );
      // As bytes: encoded once, not measured and encoded again on the way out.
      return sendJsonText(reply, payeeSearchResponseBytes(answer));
    },
  );

  app.get(
    '/api/v1/vault/:customerId',
    {
      config: { access: { kind: 'authenticated', roles: vaultRoles } },
      schema: {
        tags: ['vault'],
        summary: 'A vault customer and its saved methods (the virtual terminal; Vault or Virtual Terminal)',
        params: vaultCustomerIdParams,
        response: { 200: vaultCustomerResponse, ...errors },
      },
    },
    async (request) => {
      await refuseProcessorAuditUser(callerOf(request));
      return {
        status: true as const,
        message: await vaultCustomerForTerminal(
          deps(),
          { session: request.requireSession(), origin: requestOrigin(request) },
          request.params.customerId,
        ),
      };
    },
  );

  app.patch(
    '/api/v1/vault/:id',
    {
      config: { access: { kind: 'authenticated', roles: vaultRoles, permission: Permission.Vault } },
      schema: {
        tags: ['vault'],
        summary: 'Edit a vault customer',
        description: 'Fields left out are unchanged. A blank name or an invalid e-mail is refused.',
        params: vaultCustomerParams,
        body: vaultCustomerPatchBody,
        response: { 200: vaultCustomerPatchResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await editVaultCustomer(
        deps(),
        { session: request.requireSession(), origin: requestOrigin(request) },
        request.params.id,
        request.body,
      ),
    }),
  );

  app.get(
    '/api/whoami',
    {
      config: { access: { kind: 'authenticated', roles: userTypes } },
      schema: {
        tags: ['vault'],
        summary: 'The signed-in user and what they may do in a merchant (the virtual terminal)',
        description: 'clientid names the merchant; without it, the viewed or default merchant.',
        querystring: whoamiQuery,
        response: { 200: whoamiResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await whoami(app.db, request.requireSession(), request.query.clientid),
    }),
  );
};
