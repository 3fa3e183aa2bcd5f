import { CommonErrorCode, type ErrorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, httpStatusByKind } from '../lib/app-error';
import { RateLimitedError, rateLimitedMessage } from '../lib/rate-limit-counters';

// Every error envelope names its request: the id of the x-request-id header and of its log lines.
function send(reply: FastifyReply, status: number, error: ErrorEnvelope['error']) {
  const body: ErrorEnvelope = { status: false, error, requestId: reply.request.id };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

// Fastify's own errors (body parsing, limits, content types) become envelope errors with the right status.
const fastifyCodeMap: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: CommonErrorCode.MalformedJson,
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: CommonErrorCode.MalformedJson,
    message: 'The request body is empty',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: CommonErrorCode.PayloadTooLarge,
    message: 'The request body is too large',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: CommonErrorCode.PayloadTooLarge,
    message: 'The uploaded file is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: CommonErrorCode.UnsupportedMediaType,
    message: 'This content type is not accepted',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: CommonErrorCode.ValidationFailed,
    message: 'The content length does not match the body',
  },
  FST_ERR_VALIDATION: {
    status: 400,
    code: CommonErrorCode.ValidationFailed,
    message: 'The request is not valid',
  },
};

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error instanceof RateLimitedError) reply.header('retry-after', error.retryAfterSeconds);
    const status = httpStatusByKind[error.kind];
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return send(reply, status, {
      code: error.code,
      message: error.message,
      ...(error.issues ? { issues: error.issues } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'Invalid value',
    }));
    return send(reply, 400, {
      code: CommonErrorCode.ValidationFailed,
      message: 'The request is not valid',
      issues,
    });
  }
  if (isResponseSerializationError(error)) {
    // Our bug, not the caller's: log the detail, answer generically.
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return send(reply, 500, { code: CommonErrorCode.Internal, message: 'Something went wrong' });
  }
  if (error.statusCode === 429) {
    // @fastify/rate-limit's route limits (their retry-after already set): the same answer as ours.
    return send(reply, 429, { code: CommonErrorCode.RateLimited, message: rateLimitedMessage });
  }
  const known = error.code ? fastifyCodeMap[error.code] : undefined;
  if (known) return send(reply, known.status, { code: known.code, message: known.message });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Any other client error from a plugin: keep the status, never echo internals.
    return send(reply, error.statusCode, {
      code: CommonErrorCode.ValidationFailed,
      message: 'The request could not be processed',
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, { code: CommonErrorCode.Internal, message: 'Something went wrong' });
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(handleError);
    app.setNotFoundHandler((_request, reply) =>
      send(reply, 404, {
        code: CommonErrorCode.RouteNotFound,
        message: 'No such route',
      }),
    );
  },
  { name: 'errors' },
);
