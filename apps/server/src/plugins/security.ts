import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type SecurityOptions = { hsts: boolean };

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: SecurityOptions) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine injects its CSS variables through style elements.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Only the payment frame page may be framed; it overrides this per route.
          frameAncestors: ["'none'"],
        },
      },
      hsts: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, fieldSize: 64 * 1024 },
    });
  },
  { name: 'security' },
);
