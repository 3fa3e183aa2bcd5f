import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_TICK_MS } from '../utils/inactivity.utils';
import { LAST_ACTIVITY_STORAGE_KEY, useInactivityLogout } from './use-inactivity-logout';

function minutes(count: number) {
  act(() => {
    vi.advanceTimersByTime(count * INACTIVITY_TICK_MS);
  });
}

describe('useInactivityLogout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderInactivity() {
    const callbacks = { onWarning: vi.fn(), onLogout: vi.fn(), onActiveMinute: vi.fn() };
    const view = renderHook(() => useInactivityLogout(callbacks));
    return { callbacks, ...view };
  }

  it('warns at 5, 10 and 14 idle minutes and logs out at 15', () => {
    const { callbacks } = renderInactivity();

    minutes(4);
    expect(callbacks.onWarning).not.toHaveBeenCalled();
    minutes(1);
    expect(callbacks.onWarning).toHaveBeenLastCalledWith(
      '5 minutes of inactivity detected. You will be logged out after 15 minutes of inactivity.',
    );
    minutes(5);
    expect(callbacks.onWarning).toHaveBeenLastCalledWith(
      '10 minutes of inactivity detected. You will be logged out after 15 minutes of inactivity.',
    );
    minutes(4);
    expect(callbacks.onWarning).toHaveBeenLastCalledWith(
      '14 minutes of inactivity detected. You will be logged out after 15 minutes of inactivity.',
    );
    expect(callbacks.onLogout).not.toHaveBeenCalled();
    minutes(1);
    expect(callbacks.onLogout).toHaveBeenCalledWith('Logging you out of the application.');
    expect(callbacks.onWarning).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['a mouse move', () => fireEvent.mouseMove(window)],
    ['a key press', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['a touch', () => fireEvent.touchStart(document.body)],
    ['a scroll', () => fireEvent.scroll(document.body)],
  ])('starts the count again after %s', (_case, act_) => {
    const { callbacks } = renderInactivity();

    minutes(4);
    act(act_);
    minutes(4);
    expect(callbacks.onWarning).not.toHaveBeenCalled();
    minutes(1);
    expect(callbacks.onWarning).toHaveBeenCalledTimes(1);
    expect(callbacks.onLogout).not.toHaveBeenCalled();
  });

  it('counts activity in another tab of the portal', () => {
    const { callbacks } = renderInactivity();

    minutes(14);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_STORAGE_KEY, newValue: '1' }));
    });
    minutes(1);
    expect(callbacks.onLogout).not.toHaveBeenCalled();
  });

  it('reports each minute that had activity, once', () => {
    const { callbacks } = renderInactivity();

    act(() => fireEvent.mouseMove(window));
    minutes(3);
    expect(callbacks.onActiveMinute).toHaveBeenCalledTimes(1);
  });

  it('stops counting once unmounted', () => {
    const { callbacks, unmount } = renderInactivity();
    unmount();
    minutes(20);
    expect(callbacks.onLogout).not.toHaveBeenCalled();
  });
});
