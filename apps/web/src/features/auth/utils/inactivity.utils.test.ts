import { describe, expect, it } from 'vitest';
import {
  INACTIVITY_LOGOUT_TEXT,
  type InactivityState,
  inactivityNoticeAt,
  initialInactivityState,
  reduceInactivity,
} from './inactivity.utils';

function ticks(count: number, from: InactivityState = initialInactivityState): InactivityState {
  let state = from;
  for (let index = 0; index < count; index += 1) state = reduceInactivity(state, { type: 'tick' });
  return state;
}

describe('inactivity', () => {
  it('counts idle minutes tick by tick and resets on activity', () => {
    const idle = ticks(7);
    expect(idle.idleMinutes).toBe(7);
    const active = reduceInactivity(idle, { type: 'activity' });
    expect(active).toEqual({ idleMinutes: 0, wasActiveThisMinute: true });
    expect(ticks(1, active)).toEqual({ idleMinutes: 1, wasActiveThisMinute: false });
  });

  it('warns at 5, 10 and 14 minutes and logs out at 15', () => {
    const notices = Array.from({ length: 16 }, (_, minute) => [minute, inactivityNoticeAt(minute)] as const)
      .filter(([, notice]) => notice.kind !== 'none')
      .map(([minute, notice]) => [minute, notice]);

    expect(notices).toEqual([
      [
        5,
        {
          kind: 'warning',
          text: '5 minutes of inactivity detected. You will be logged out after 15 minutes of inactivity.',
        },
      ],
      [
        10,
        {
          kind: 'warning',
          text: '10 minutes of inactivity detected. You will be logged out after 15 minutes of inactivity.',
        },
      ],
      [
        14,
        {
          kind: 'warning',
          text: '14 minutes of inactivity detected. You will be logged out after 15 minutes of inactivity.',
        },
      ],
      [15, { kind: 'logout', text: 'Logging you out of the application.' }],
    ]);
    expect(INACTIVITY_LOGOUT_TEXT).toBe('Logging you out of the application.');
    expect(inactivityNoticeAt(16)).toEqual({ kind: 'none' });
  });
});
