import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages load their route chunks lazily, cold in the first test of a file and on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library only cleans up by itself when vitest globals are on; they are not here.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
