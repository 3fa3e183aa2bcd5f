import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Serves the built portal under /app with history fallback; '/' goes to the home page.
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { webDistDir: string | undefined }) => {
    app.get('/', (_request, reply) => reply.redirect('/app/home'));

    const root = opts.webDistDir;
    if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ webDistDir: root }, 'portal build not found: /app answers 503 until `npm run build`');
      app.get('/app/*', (_request, reply) =>
        reply.code(503).type('text/plain').send('The portal has not been built yet: run `npm run build`.'),
      );
      return;
    }

    await app.register(fastifyStatic, {
      root,
      prefix: '/app/',
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be revalidated.
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/app', (_request, reply) => reply.sendFile('index.html'));
    app.get('/app/*', (request, reply) => {
      // A missing hashed asset is a real 404, not the portal page.
      if (request.url.startsWith('/app/assets/')) return reply.callNotFound();
      return reply.sendFile('index.html');
    });
  },
  { name: 'spa' },
);
