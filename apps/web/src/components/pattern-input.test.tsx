import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render-with-mantine';
import { PatternInput } from './pattern-input';
import { acceptsPatternInput } from './pattern-input.utils';

const twoDecimals = /^\d*\.?\d{0,2}$/;

describe('acceptsPatternInput', () => {
  it.each([
    ['12', true],
    ['12.', true],
    ['12.34', true],
    ['12.345', false],
    ['1a', false],
    ['', true],
  ])('%s -> %s', (value, expected) => {
    expect(acceptsPatternInput(twoDecimals, value)).toBe(expected);
  });

  it('accepts anything without a pattern, and is not fooled by a global pattern', () => {
    expect(acceptsPatternInput(undefined, 'anything')).toBe(true);
    const global = /^\d+$/g;
    expect(acceptsPatternInput(global, '12')).toBe(true);
    expect(acceptsPatternInput(global, '12')).toBe(true);
  });
});

function Harness() {
  const [value, setValue] = useState('');
  return (
    <PatternInput label="Card Percent Charge (%)" value={value} onChange={setValue} pattern={twoDecimals} />
  );
}

describe('PatternInput', () => {
  it('ignores typing that fails the pattern', async () => {
    renderWithMantine(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Card Percent Charge (%)' });

    await userEvent.type(input, '2a.9x95');

    expect(input).toHaveValue('2.99');
  });
});
