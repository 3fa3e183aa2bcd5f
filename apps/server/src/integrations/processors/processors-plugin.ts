import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChargeGateway, DisputeFeed, ProcessorDirectory } from './processor-gateway';
import { createSandboxChargeGateway } from './sandbox-charge-gateway';
import { createSandboxDisputeFeed } from './sandbox-disputes';
import { createSandboxProcessorDirectory } from './sandbox-processor';

declare module 'fastify' {
  interface FastifyInstance {
    processors: ProcessorDirectory;
    chargeGateway: ChargeGateway;
    disputeFeed: DisputeFeed;
  }
}

export type ProcessorsPluginOptions = { directory?: ProcessorDirectory; chargeGateway?: ChargeGateway };

// The sandbox processors unless the caller brings its own (tests inject failing gateways). The
// sandbox keeps its books in the database, as its own tables beside Portico's.
export const processorsPlugin = fp(
  async (app: FastifyInstance, opts: ProcessorsPluginOptions) => {
    app.decorate('processors', opts.directory ?? createSandboxProcessorDirectory(app.db));
    // The data key is read when the first token is made: it is decorated after this plugin.
    app.decorate(
      'chargeGateway',
      opts.chargeGateway ?? createSandboxChargeGateway(app.db, () => app.dataKey()),
    );
    app.decorate('disputeFeed', createSandboxDisputeFeed(app.db));
  },
  { name: 'processors', dependencies: ['db'] },
);
