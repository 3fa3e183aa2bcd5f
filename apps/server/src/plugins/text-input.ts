import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { containsNulCharacter } from '@portico/contracts/common/text';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPluginOwned } from '../access/route-access';
import { AppError } from '../lib/app-error';

// Applies the contracts' one string rule to every API route's params, query and body. A preHandler, so it
// sees the body after validation, including a multipart form turned into fields by its route; it is
// registered before the access plugin, whose checks may query the database.
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      // The portal's pages and the API docs read no input: a NUL in a page address (a mangled link)
      // is for the page to handle, not a 400 instead of the page.
      if (isPluginOwned(request.routeOptions.url ?? '')) return;
      if (
        containsNulCharacter(request.params) ||
        containsNulCharacter(request.query) ||
        containsNulCharacter(request.body)
      ) {
        throw new AppError(CommonErrorCode.ValidationFailed, 'validation', 'The request is not valid', [
          { path: 'request', message: 'Text must not contain NUL characters' },
        ]);
      }
    });
  },
  { name: 'text-input' },
);
