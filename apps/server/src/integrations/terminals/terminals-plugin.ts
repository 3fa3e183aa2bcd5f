import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSandboxTerminalProvider } from './sandbox-terminals';
import type { TerminalProvider } from './terminal-provider';

declare module 'fastify' {
  interface FastifyInstance {
    terminalProvider: TerminalProvider;
  }
}

// The sandbox terminal provider unless the caller brings its own (tests inject failing ones).
export const terminalsPlugin = fp(
  async (app: FastifyInstance, opts: { provider?: TerminalProvider }) => {
    app.decorate('terminalProvider', opts.provider ?? createSandboxTerminalProvider());
  },
  { name: 'terminal-provider' },
);
