import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { onSessionExpired } from './auth/session-expiry';
import { createQueryClient, shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('retries network failures, timeouts and server errors twice', () => {
    const networkFailure = new ApiError('NETWORK_ERROR', 'offline', 0);
    const serverError = new ApiError('SERVER_ERROR', 'Something went wrong', 503);

    expect(shouldRetryQuery(0, networkFailure)).toBe(true);
    expect(shouldRetryQuery(1, serverError)).toBe(true);
    expect(shouldRetryQuery(2, serverError)).toBe(false);
  });

  it('does not retry answers that will not change', () => {
    expect(shouldRetryQuery(0, new ApiError('FORBIDDEN', 'no', 403))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('VALIDATION', 'bad', 400))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('INVALID_RESPONSE', 'unreadable', 200))).toBe(false);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  async function failQueryWith(error: Error) {
    const client = createQueryClient();
    const observer = new QueryObserver(client, {
      queryKey: ['test', error.message],
      queryFn: () => Promise.reject(error),
      retry: false,
    });
    await new Promise<void>((resolve) => {
      const unsubscribe = observer.subscribe((result) => {
        if (result.isError) {
          unsubscribe();
          resolve();
        }
      });
    });
  }

  it('reports a 401 as the end of the session', async () => {
    const listener = vi.fn();
    const stop = onSessionExpired(listener);

    await failQueryWith(new ApiError('UNAUTHENTICATED', 'Sign in to continue', 401));
    expect(listener).toHaveBeenCalledTimes(1);

    await failQueryWith(new ApiError('FORBIDDEN', 'no', 403));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
