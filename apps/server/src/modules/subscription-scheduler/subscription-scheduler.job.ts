import type { JobDefinition } from '../../jobs/runner';
import { runSubscriptionCharges, type SchedulerDeps } from './subscription-scheduler.service';

// Every 15 minutes the due cycles are charged; a cycle falls due at the start of
// its date in the merchant's zone. Safe on several instances and when a run dies halfway: each
// cycle's try is one money attempt under its own key (subscription-scheduler.service.ts).
export const subscriptionChargeJobName = 'subscriptions.charge';

export function subscriptionChargeJob(deps: Omit<SchedulerDeps, 'db'>): JobDefinition {
  return {
    name: subscriptionChargeJobName,
    schedule: { everyMinutes: 15 },
    async run({ db }) {
      return { ...(await runSubscriptionCharges({ ...deps, db })) };
    },
  };
}
