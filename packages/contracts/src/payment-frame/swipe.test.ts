import { describe, expect, it } from 'vitest';
import { isSwipeComplete, parseSwipe } from './swipe';

// A sandbox card (numbers begin with 1) as a reader types it: track 1, track 2, Enter.
const both = '%B1111111111111117^DOE/JANE M^3012101000000000000000?;1111111111111117=30121010000000000000?';

describe('swipe track parser', () => {
  it('reads number, expiry and name from track 1', () => {
    expect(parseSwipe(both)).toEqual({
      ok: true,
      card: {
        number: '1111111111111117',
        expMonth: '12',
        expYear: '2030',
        firstName: 'JANE M',
        lastName: 'DOE',
      },
    });
  });

  it('reads track 2 alone, without a name', () => {
    expect(parseSwipe(';1555555555554444=28071010000000000000?')).toEqual({
      ok: true,
      card: { number: '1555555555554444', expMonth: '07', expYear: '2028', firstName: null, lastName: null },
    });
  });

  it('takes a name without a slash as the last name', () => {
    const reading = parseSwipe('%B1111111111111117^ACME STORE^3001?');
    expect(reading.ok && reading.card).toMatchObject({ firstName: null, lastName: 'ACME STORE' });
  });

  it('refuses an unfinished swipe, a bad month and plain text', () => {
    expect(parseSwipe('%B1111111111111117^DOE/JANE^3012')).toEqual({ ok: false });
    expect(parseSwipe('%B1111111111111117^DOE/JANE^3013101?')).toEqual({ ok: false });
    expect(parseSwipe(';1111111111111117=3000?')).toEqual({ ok: false });
    expect(parseSwipe('1111111111111117')).toEqual({ ok: false });
    expect(parseSwipe('%B12345^DOE/JANE^3012?')).toEqual({ ok: false });
  });

  it('knows when a reader has finished typing a track', () => {
    expect(isSwipeComplete(both)).toBe(true);
    expect(isSwipeComplete('%B1111111111111117^DOE/JANE M^3012')).toBe(false);
  });
});
