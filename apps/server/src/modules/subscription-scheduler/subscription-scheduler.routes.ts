import type { FastifyPluginAsync } from 'fastify';
import { subscriptionChargeJob } from './subscription-scheduler.job';
import { reconcileSubscriptionCharges } from './subscription-scheduler.service';

export type SubscriptionSchedulerOptions = { publicUrl: string };

// No routes: the scheduler is a job (the grid and its actions are modules/subscriptions). A charge the
// gateway answered but a crash left unbooked is settled before the server takes requests.
export const subscriptionSchedulerPlugin: FastifyPluginAsync<SubscriptionSchedulerOptions> = async (
  app,
  options,
) => {
  const deps = () => ({
    db: app.db,
    gateway: app.chargeGateway,
    mail: app.mail,
    now: app.now,
    publicUrl: options.publicUrl,
  });
  app.jobs.register(
    subscriptionChargeJob({
      gateway: app.chargeGateway,
      mail: app.mail,
      now: app.now,
      publicUrl: options.publicUrl,
    }),
  );
  app.addHook('onReady', async () => {
    const summary = await reconcileSubscriptionCharges(deps(), (attemptId, err) =>
      app.log.error({ err, attemptId }, 'subscription charge attempt not reconciled'),
    );
    if (summary.settled + summary.failed > 0) {
      app.log.warn(summary, 'subscription charge attempts of an earlier run reconciled');
    }
  });
};
