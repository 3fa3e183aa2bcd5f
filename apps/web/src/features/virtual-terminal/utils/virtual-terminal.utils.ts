import { ApiError } from '../../../lib/api-client';

// The virtual terminal's load: what the page waits for (the merchant and the user's permissions
// there) is asked every 100 ms, at most 50 times, within 10 s overall.
export const virtualTerminalPolling = { intervalMs: 100, maxTries: 50, timeoutMs: 10_000 } as const;

export type Polling = { intervalMs: number; maxTries: number; timeoutMs: number };

// Worth asking again: no answer at all, a busy or failing server. A clear refusal (a secret key, an
// unknown key, no permission) will not change by asking again.
export function isWorthAskingAgain(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.httpStatus === 0 || error.httpStatus === 429 || error.httpStatus >= 500;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

// Asks until an answer, a failure not worth asking again, the last try or the overall time-out; the
// last failure is thrown then.
export async function pollUntilAnswered<T>(
  ask: () => Promise<T>,
  { polling = virtualTerminalPolling, signal }: { polling?: Polling; signal?: AbortSignal } = {},
): Promise<T> {
  const startedAt = Date.now();
  for (let tries = 1; ; tries += 1) {
    try {
      return await ask();
    } catch (error) {
      const isOutOfTime = Date.now() - startedAt + polling.intervalMs > polling.timeoutMs;
      if (!isWorthAskingAgain(error) || tries >= polling.maxTries || isOutOfTime) throw error;
    }
    await pause(polling.intervalMs, signal);
  }
}

// The vault's links carry ?routing={key}. Addresses carry only the publishable key: a
// routing value other than the page's own key (a secret key, say) is taken out of the address.
export function isRoutingKeyForeign(routing: string | null, publishableKey: string): boolean {
  return routing !== null && routing !== publishableKey;
}

export function searchWithoutRouting(search: string): string {
  const query = new URLSearchParams(search);
  query.delete('routing');
  const rest = query.toString();
  return rest === '' ? '' : `?${rest}`;
}
