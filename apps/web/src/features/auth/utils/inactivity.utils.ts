// A 1-minute tick counts idle minutes, any activity resets the count; warnings at
// 5, 10 and 14 minutes, logout at 15. The original switched itself off whenever the page had a
// hostname (so in every real browser); this one always runs while someone is signed in.

export const INACTIVITY_TICK_MS = 60_000;
export const INACTIVITY_WARNING_MINUTES = [5, 10, 14] as const;
export const INACTIVITY_LOGOUT_MINUTES = 15;
export const INACTIVITY_LOGOUT_TEXT = 'Logging you out of the application.';

export function inactivityWarningText(idleMinutes: number): string {
  return `${idleMinutes} minutes of inactivity detected. You will be logged out after ${INACTIVITY_LOGOUT_MINUTES} minutes of inactivity.`;
}

export type InactivityState = {
  idleMinutes: number;
  // Activity since the last tick: the minute that just ended was not idle.
  wasActiveThisMinute: boolean;
};

export type InactivityEvent = { type: 'activity' } | { type: 'tick' };

export const initialInactivityState: InactivityState = { idleMinutes: 0, wasActiveThisMinute: false };

export function reduceInactivity(state: InactivityState, event: InactivityEvent): InactivityState {
  switch (event.type) {
    case 'activity':
      return { idleMinutes: 0, wasActiveThisMinute: true };
    case 'tick':
      return { idleMinutes: state.idleMinutes + 1, wasActiveThisMinute: false };
  }
}

export type InactivityNotice =
  | { kind: 'warning'; text: string }
  | { kind: 'logout'; text: string }
  | { kind: 'none' };

// What a tick that reached idleMinutes announces. Past the logout minute nothing more is said: the
// logout has already started.
export function inactivityNoticeAt(idleMinutes: number): InactivityNotice {
  if (idleMinutes === INACTIVITY_LOGOUT_MINUTES) return { kind: 'logout', text: INACTIVITY_LOGOUT_TEXT };
  if (INACTIVITY_WARNING_MINUTES.some((minutes) => minutes === idleMinutes)) {
    return { kind: 'warning', text: inactivityWarningText(idleMinutes) };
  }
  return { kind: 'none' };
}
