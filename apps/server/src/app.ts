import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { redactPaths, redactUrl } from './lib/log-redaction';
import { healthRoutes } from './modules/health/health.routes';
import { accessPlugin } from './plugins/access';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  // Extra route plugins, registered like the modules (tests use it for fixture routes).
  extraRoutes?: FastifyPluginAsync[];
};

const requestIdPattern = /^[A-Za-z0-9-]{8,64}$/;

export async function buildApp({ config, database, logger, extraRoutes = [] }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), requestId: req.id }),
      },
    },
    // Honour a caller's request id when it looks like one, so traces join up across services.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // Graceful shutdown: stop accepting, let requests in flight finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // While shutting down, answers in flight also close their keep-alive connection, so close()
  // does not wait for idle sockets to time out.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isClosing) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(accessPlugin);
  await app.register(dbPlugin, { database });
  await app.register(cookie);
  await app.register(securityPlugin, {
    hsts: config.publicUrl.startsWith('https://'),
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  await app.register(docsPlugin);

  await app.register(healthRoutes);
  for (const routes of extraRoutes) await app.register(routes);

  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
