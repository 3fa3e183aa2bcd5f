import type { MoneyOperation } from '../lib/money-attempt';
import { reconcilePendingAttempts } from '../lib/money-attempt';
import type { JobDefinition } from './runner';

// Start-up settles payment attempts a crash left pending (modules/payments); an attempt left by an
// instance that is still up, or whose processor did not answer then, is settled by this sweep.
// reconcilePendingAttempts concludes each attempt once, under its row lock, so it is safe beside
// live requests and on several instances.
export function moneyAttemptSweepJob(
  operations: () => Readonly<Record<string, MoneyOperation<unknown>>>,
  onError: (attemptId: string, err: unknown) => void,
): JobDefinition {
  return {
    name: 'payments.reconcile',
    schedule: { everyMinutes: 5 },
    async run({ db }) {
      const summary = await reconcilePendingAttempts(db, operations(), {
        onError: (attempt, err) => onError(attempt.id, err),
      });
      return { ...summary };
    },
  };
}
