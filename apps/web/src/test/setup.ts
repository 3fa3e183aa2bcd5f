import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages load their route chunks lazily, cold in the first test of a file and on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library only cleans up by itself when vitest globals are on; they are not here.
// Toasts live in Mantine's module-wide store: left there, a test's toasts hold the two places on
// screen and the next test's toast waits in the queue for their 5 s to run out.
afterEach(async () => {
  cleanup();
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
