import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  isChunkLoadError,
  loadChunkWithTimeout,
} from './chunk-load.utils';

afterEach(() => {
  vi.useRealTimers();
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://portal/app/assets/home-page-x1.js',
    'error loading dynamically imported module: https://portal/app/assets/home-page-x1.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /app/assets/home-page-x1.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('recognises its own timeout error', () => {
    expect(isChunkLoadError(new ChunkLoadError('slow'))).toBe(true);
  });

  it('leaves other errors to the generic error page', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      false,
    );
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('loadChunkWithTimeout', () => {
  it('resolves with the module when it arrives', async () => {
    await expect(loadChunkWithTimeout(async () => ({ Component: 'page' }))).resolves.toEqual({
      Component: 'page',
    });
  });

  it('passes a failed import through', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /app/assets/x.js');
    await expect(loadChunkWithTimeout(() => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('fails with a ChunkLoadError after 120 s without an answer', async () => {
    vi.useFakeTimers();
    let settled: unknown;
    const pending = loadChunkWithTimeout(() => new Promise<never>(() => {})).catch((error: unknown) => {
      settled = error;
    });

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;

    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(settled)).toBe(true);
  });
});
