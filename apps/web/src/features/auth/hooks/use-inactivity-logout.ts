import { useEffect, useRef } from 'react';
import {
  INACTIVITY_TICK_MS,
  type InactivityState,
  inactivityNoticeAt,
  initialInactivityState,
  reduceInactivity,
} from '../utils/inactivity.utils';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

// Activity in another tab of the portal counts too: they share one server session, so an idle tab
// must not sign out a person working in the next one.
export const LAST_ACTIVITY_STORAGE_KEY = 'portico.last-activity';
const SHARE_ACTIVITY_EVERY_MS = 5_000;

export type InactivityCallbacks = {
  onWarning: (text: string) => void;
  onLogout: (text: string) => void;
  // A minute with activity just ended: the place to keep the server session alive in step.
  onActiveMinute?: () => void;
};

export function useInactivityLogout(callbacks: InactivityCallbacks): void {
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });

  useEffect(() => {
    let state: InactivityState = initialInactivityState;
    let lastSharedAt = 0;

    const onActivity = () => {
      state = reduceInactivity(state, { type: 'activity' });
      const now = Date.now();
      if (now - lastSharedAt < SHARE_ACTIVITY_EVERY_MS) return;
      lastSharedAt = now;
      try {
        localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(now));
      } catch {
        // Storage blocked: this tab still counts its own activity.
      }
    };
    const onOtherTabActivity = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_STORAGE_KEY) state = reduceInactivity(state, { type: 'activity' });
    };
    const onTick = () => {
      const wasActive = state.wasActiveThisMinute;
      state = reduceInactivity(state, { type: 'tick' });
      if (wasActive) callbacksRef.current.onActiveMinute?.();
      const notice = inactivityNoticeAt(state.idleMinutes);
      if (notice.kind === 'warning') callbacksRef.current.onWarning(notice.text);
      if (notice.kind === 'logout') callbacksRef.current.onLogout(notice.text);
    };

    // Capture: scroll does not bubble, and a control that stops propagation is still activity.
    const listenerOptions = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, listenerOptions);
    window.addEventListener('storage', onOtherTabActivity);
    const timer = window.setInterval(onTick, INACTIVITY_TICK_MS);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, listenerOptions);
      window.removeEventListener('storage', onOtherTabActivity);
      window.clearInterval(timer);
    };
  }, []);
}
