import type { DisputeFeed } from '../integrations/processors/processor-gateway';
import { pollDisputes } from '../modules/disputes/disputes.service';
import type { JobDefinition } from './runner';

// Every 5 minutes: the processor's dispute events recorded once each (unique on the event id, so two
// instances or a retried run record nothing twice), then the disputes past their respond-by date
// expired. The runner runs each period once across instances.
export function disputesPollJob(feed: DisputeFeed): JobDefinition {
  return {
    name: 'disputes.poll',
    schedule: { everyMinutes: 5 },
    async run({ db, now }) {
      return pollDisputes({ db, feed, now: () => now });
    },
  };
}
