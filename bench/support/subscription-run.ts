// A scheduler run in a process of its own, for the subscriptions benchmark to kill halfway
// (SIGKILL, as a power cut would): DATABASE_URL names the database, one run charges what is due.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../apps/server/src/db/client';
import { createOutboxMailer } from '../../apps/server/src/integrations/mail/outbox-mailer';
import { createSandboxChargeGateway } from '../../apps/server/src/integrations/processors/sandbox-charge-gateway';
import { runSubscriptionCharges } from '../../apps/server/src/modules/subscription-scheduler/subscription-scheduler.service';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? '' });
const key = randomBytes(32);
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const summary = await runSubscriptionCharges({
  db: handle.db,
  gateway: createSandboxChargeGateway(handle.db, () => key),
  mail: createOutboxMailer(handle.db, silent),
  now: () => new Date(),
  publicUrl: 'http://localhost:3000',
});
console.log(JSON.stringify(summary));
await handle.close();
