import { errorEnvelope } from '@portico/contracts/common/envelope';
import {
  clientErrorBodyLimitBytes,
  clientErrorReport,
  clientErrorResponse,
} from '@portico/contracts/monitoring/client-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../access/route-access';
import { redactUrl } from '../../lib/log-redaction';

// Browsers report per address at most this many errors a minute; a page in an error loop is cut off.
export const clientErrorsPerMinute = 30;

// Browser errors land in the server log (with the request id and the release) and in /metrics. Public: the
// sign-in page can fail too.
export const clientErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/client-errors',
    {
      bodyLimit: clientErrorBodyLimitBytes,
      config: {
        access: publicAccess,
        rateLimit: { max: clientErrorsPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['monitoring'],
        summary: 'Report an error of the browser app (logged with its release)',
        body: clientErrorReport,
        response: { 200: clientErrorResponse, 400: errorEnvelope, 413: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      const report = request.body;
      request.log.warn(
        {
          clientError: {
            kind: report.kind,
            message: report.message,
            stack: report.stack,
            url: redactUrl(report.url),
            release: report.release,
          },
          userAgent: request.headers['user-agent']?.slice(0, 300),
        },
        'browser error',
      );
      app.metrics.clientError(report.kind);
      return { status: true as const, message: { received: true as const } };
    },
  );
};
