import { describe, expect, it } from 'vitest';
import { booleanParser, parserOf, readArrayOf, stringParser } from './response-parsers';

describe('response parsers', () => {
  it('accept only their own type', () => {
    expect(booleanParser.safeParse(true)).toEqual({ success: true, data: true });
    expect(booleanParser.safeParse('true')).toEqual({ success: false });
    expect(stringParser.safeParse('ok')).toEqual({ success: true, data: 'ok' });
    expect(stringParser.safeParse(1)).toEqual({ success: false });
  });

  it('fail a whole array on one bad item', () => {
    const numbers = parserOf((value) =>
      readArrayOf(value, (item) => (typeof item === 'number' ? item : undefined)),
    );
    expect(numbers.safeParse([1, 2])).toEqual({ success: true, data: [1, 2] });
    expect(numbers.safeParse([1, '2'])).toEqual({ success: false });
    expect(numbers.safeParse({ 0: 1 })).toEqual({ success: false });
  });
});
