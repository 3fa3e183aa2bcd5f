import type { DisputeFeed } from '../integrations/processors/processor-gateway';
import { pollDisputes } from '../modules/disputes/disputes.service';
import type { DisputeNotices } from '../modules/disputes/disputes-mail';
import type { JobDefinition } from './runner';

// Every 5 minutes: the processor's dispute events recorded once each (unique on the event id, so two
// instances or a retried run record nothing twice), then the disputes past their respond-by date
// expired, then the reminders due 5 days and 1 day before a respond-by date sent (each once: the
// dispute's reminded_* column is set in the transaction writing its e-mails). The runner runs each
// period once across instances.
export function disputesPollJob(feed: DisputeFeed, notices?: DisputeNotices): JobDefinition {
  return {
    name: 'disputes.poll',
    schedule: { everyMinutes: 5 },
    async run({ db, now }) {
      return pollDisputes({ db, feed, now: () => now, ...(notices ? { notices } : {}) });
    },
  };
}
