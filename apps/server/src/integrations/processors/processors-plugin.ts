import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ProcessorDirectory } from './processor-gateway';
import { createSandboxProcessorDirectory } from './sandbox-processor';

declare module 'fastify' {
  interface FastifyInstance {
    processors: ProcessorDirectory;
  }
}

export type ProcessorsPluginOptions = { directory?: ProcessorDirectory };

// The sandbox processors unless the caller brings its own (tests inject failing gateways). The
// sandbox keeps its books in the database, as its own tables beside Portico's.
export const processorsPlugin = fp(
  async (app: FastifyInstance, opts: ProcessorsPluginOptions) => {
    app.decorate('processors', opts.directory ?? createSandboxProcessorDirectory(app.db));
  },
  { name: 'processors', dependencies: ['db'] },
);
