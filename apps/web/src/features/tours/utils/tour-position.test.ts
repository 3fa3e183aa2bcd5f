import { describe, expect, it } from 'vitest';
import { isOnScreen, tourCardPosition } from './tour-position';

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const card = { width: 340, height: 200 };

describe('tour card position', () => {
  it('centres a step without a target', () => {
    expect(tourCardPosition(null, card, desktop)).toEqual({ top: 350, left: 550 });
  });

  it('goes right of a target with room, else below it, within the screen', () => {
    const sidebar = { top: 60, left: 0, width: 260, height: 700 };
    expect(tourCardPosition(sidebar, card, desktop)).toEqual({ top: 60, left: 272 });
    const searchButton = { top: 12, left: 1200, width: 200, height: 36 };
    expect(tourCardPosition(searchButton, card, desktop)).toEqual({ top: 60, left: 1060 });
    const phoneButton = { top: 12, left: 300, width: 40, height: 36 };
    expect(tourCardPosition(phoneButton, card, phone)).toEqual({ top: 60, left: 16 });
  });

  it('goes above a target at the bottom of the screen', () => {
    const userBlock = { top: 780, left: 1200, width: 240, height: 100 };
    expect(tourCardPosition(userBlock, card, desktop)).toEqual({ top: 568, left: 1084 });
  });

  it('counts only targets laid out on screen', () => {
    expect(isOnScreen({ top: 60, left: -260, width: 260, height: 700 }, phone)).toBe(false);
    // Partly slid away is away.
    expect(isOnScreen({ top: 60, left: -244, width: 260, height: 700 }, phone)).toBe(false);
    expect(isOnScreen({ top: 0, left: 0, width: 0, height: 0 }, phone)).toBe(false);
    expect(isOnScreen({ top: 60, left: 0, width: 260, height: 700 }, desktop)).toBe(true);
  });
});
