import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test/render-with-mantine';
import { Checkbox, CheckboxList } from './checkbox';

describe('Checkbox', () => {
  it('reports its new state', async () => {
    const onChange = vi.fn();
    renderWithMantine(<Checkbox label="Pass fee to consumer" isChecked={false} onChange={onChange} />);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Pass fee to consumer' }));

    expect(onChange).toHaveBeenCalledWith(true);
  });
});

function ListHarness() {
  const [values, setValues] = useState<string[]>([]);
  return (
    <>
      <CheckboxList
        label="Payment options"
        options={[
          { value: 'credit_card', label: 'Card' },
          { value: 'bank', label: 'Bank' },
          { value: 'cash', label: 'Cash' },
        ]}
        values={values}
        onChange={setValues}
      />
      <output>{values.join(',')}</output>
    </>
  );
}

describe('CheckboxList', () => {
  it('keeps the values in the order of the options, whatever the click order', async () => {
    renderWithMantine(<ListHarness />);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Cash' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Card' }));
    expect(screen.getByRole('status')).toHaveTextContent('credit_card,cash');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Cash' }));
    expect(screen.getByRole('status')).toHaveTextContent('credit_card');
  });
});
