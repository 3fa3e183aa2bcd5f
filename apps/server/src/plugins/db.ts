import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: DatabaseHandle;
    // Where the read-only reports take their rows (REPORTING_DATABASE_URL: a streaming replica of the
    // main database, read-only; else the main database): the report page, Load All, the dashboard
    // figures and the report's export. Access, sessions, writes and jobs stay on the main database.
    reportingDatabase: DatabaseHandle;
  }
}

// The databases are opened (and migrated) by the caller, so tests and the server share one path;
// the app only borrows them and never closes them.
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: DatabaseHandle; reportingDatabase?: DatabaseHandle }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.decorate('reportingDatabase', opts.reportingDatabase ?? opts.database);
  },
  { name: 'db' },
);
