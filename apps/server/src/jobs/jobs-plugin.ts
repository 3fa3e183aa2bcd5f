import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

// Modules register their scheduled jobs with app.jobs.register(...) while they load; the server
// starts the runner once listening (server.ts), tests call app.jobs.tick() themselves.
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const runner = createJobRunner({
      db: app.db,
      now: () => app.now(),
      log: app.log.child({ module: 'jobs' }),
      onAttempt: (name, outcome, seconds) => app.metrics.jobAttempt(name, outcome, seconds),
      onTick: () => app.metrics.jobTick(),
    });
    app.decorate('jobs', runner);
    app.addHook('onClose', async () => {
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['db', 'metrics'] },
);
