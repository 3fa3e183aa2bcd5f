import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  isRoutingKeyForeign,
  isWorthAskingAgain,
  pollUntilAnswered,
  searchWithoutRouting,
  virtualTerminalPolling,
} from './virtual-terminal.utils';

const busy = () => new ApiError('UNAVAILABLE', 'busy', 503);

describe('virtual terminal load polling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again every 100 ms while the server is busy, then answers', async () => {
    const ask = vi.fn<() => Promise<string>>();
    ask.mockRejectedValueOnce(busy()).mockRejectedValueOnce(busy()).mockResolvedValue('merchant');
    const answer = pollUntilAnswered(ask);
    await vi.advanceTimersByTimeAsync(99);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    await expect(answer).resolves.toBe('merchant');
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('gives up after 50 tries with the last failure', async () => {
    const ask = vi.fn<() => Promise<string>>().mockRejectedValue(busy());
    const answer = pollUntilAnswered(ask);
    const settled = expect(answer).rejects.toMatchObject({ httpStatus: 503 });
    await vi.advanceTimersByTimeAsync(60_000);
    await settled;
    expect(ask).toHaveBeenCalledTimes(virtualTerminalPolling.maxTries);
  });

  it('gives up at the overall time-out even with tries left', async () => {
    const ask = vi.fn<() => Promise<string>>().mockRejectedValue(busy());
    const answer = pollUntilAnswered(ask, { polling: { intervalMs: 100, maxTries: 1000, timeoutMs: 1000 } });
    const settled = expect(answer).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(5000);
    await settled;
    // At 0, 100, ..., 1000 ms: none after the time-out.
    expect(ask).toHaveBeenCalledTimes(11);
  });

  it('does not ask again after a clear refusal', async () => {
    const ask = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(new ApiError('SECRET_KEY_IN_ADDRESS', 'no', 400));
    await expect(pollUntilAnswered(ask)).rejects.toMatchObject({ httpStatus: 400 });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks again only without an answer or on a busy or failing server', () => {
    expect(isWorthAskingAgain(new ApiError('NETWORK', 'x', 0))).toBe(true);
    expect(isWorthAskingAgain(new ApiError('RATE', 'x', 429))).toBe(true);
    expect(isWorthAskingAgain(new ApiError('FORBIDDEN', 'x', 403))).toBe(false);
    expect(isWorthAskingAgain(new Error('parse'))).toBe(false);
  });
});

describe('the routing key of an address', () => {
  const key = 'c0ffee00-0000-4000-8000-000000000001';

  it('keeps the page key and takes any other key out of the address', () => {
    expect(isRoutingKeyForeign(null, key)).toBe(false);
    expect(isRoutingKeyForeign(key, key)).toBe(false);
    expect(isRoutingKeyForeign('sk-secret', key)).toBe(true);
    expect(searchWithoutRouting('?routing=sk-secret&isSwipeAndCNP=true&customerId=c1')).toBe(
      '?isSwipeAndCNP=true&customerId=c1',
    );
    expect(searchWithoutRouting('?routing=sk-secret')).toBe('');
  });
});
