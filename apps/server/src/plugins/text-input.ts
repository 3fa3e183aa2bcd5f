import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { containsNulCharacter } from '@portico/contracts/common/text';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

// Applies the contracts' one string rule to every route's params, query and body. A preHandler, so it
// sees the body after validation, including a multipart form turned into fields by its route; it is
// registered before the access plugin, whose checks may query the database.
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
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
