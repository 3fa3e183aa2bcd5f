import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { containsNulCharacter } from '@portico/contracts/common/text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPluginOwned } from '../access/route-access';
import { AppError } from '../lib/app-error';

// Applies the contracts' one string rule to every API route's params, query and body. Params and query
// are checked in onRequest, registered before the session plugin: a route may send a read with the
// session statement (its prefetch), so no database work may see them first. The body is checked in
// preHandler, after validation, which includes a multipart form turned into fields by its route; that
// hook too runs before the access plugin's, whose checks may query the database.
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (readsNoInput(request)) return;
      if (containsNulCharacter(request.params) || containsNulCharacter(request.query)) throw nulRefusal();
    });
    app.addHook('preHandler', async (request) => {
      if (readsNoInput(request)) return;
      if (containsNulCharacter(request.body)) throw nulRefusal();
    });
  },
  { name: 'text-input' },
);

// The portal's pages and the API docs read no input: a NUL in a page address (a mangled link) is for
// the page to handle, not a 400 instead of the page.
function readsNoInput(request: FastifyRequest): boolean {
  return isPluginOwned(request.routeOptions.url ?? '');
}

function nulRefusal(): AppError {
  return new AppError(CommonErrorCode.ValidationFailed, 'validation', 'The request is not valid', [
    { path: 'request', message: 'Text must not contain NUL characters' },
  ]);
}
