import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: DatabaseHandle;
  }
}

// The database is opened (and migrated) by the caller, so tests and the server share one path;
// the app only borrows it and never closes it.
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: DatabaseHandle }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
  },
  { name: 'db' },
);
