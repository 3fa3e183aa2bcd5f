import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetryQuery } from './query-client';

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
