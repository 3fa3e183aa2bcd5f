import { describe, expect, it, vi } from 'vitest';
import {
  readViewAsClientId,
  startViewingAs,
  stopViewingAs,
  subscribeToViewAs,
  VIEW_AS_STORAGE_KEY,
} from './view-as';

const clientId = '22222222-2222-4222-8222-222222222222';

describe('view-as', () => {
  it('keeps the viewed client id across reads and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToViewAs(listener);

    startViewingAs(clientId.toUpperCase());
    expect(readViewAsClientId()).toBe(clientId);
    stopViewingAs();
    expect(readViewAsClientId()).toBeNull();

    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('treats anything stored that is not a client id as not viewing as', () => {
    localStorage.setItem(VIEW_AS_STORAGE_KEY, '"><script>');
    expect(readViewAsClientId()).toBeNull();
    localStorage.setItem(VIEW_AS_STORAGE_KEY, '');
    expect(readViewAsClientId()).toBeNull();
  });

  it('refuses to start viewing as something that is not a client id', () => {
    expect(() => startViewingAs('acme')).toThrow();
    expect(readViewAsClientId()).toBeNull();
  });
});
