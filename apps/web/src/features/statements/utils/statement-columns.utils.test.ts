import { describe, expect, it } from 'vitest';
import { statementDetailHeight } from './statement-columns.utils';

describe('statementDetailHeight', () => {
  it('is 30 px per row plus 2 rows plus 120, clamped between 400 and 3500', () => {
    expect(statementDetailHeight(0)).toBe(400);
    expect(statementDetailHeight(10)).toBe(480);
    expect(statementDetailHeight(31)).toBe(1110);
    expect(statementDetailHeight(200)).toBe(3500);
  });
});
