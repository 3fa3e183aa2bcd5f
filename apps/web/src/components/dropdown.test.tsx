import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render-with-mantine';
import { Dropdown } from './dropdown';
import { dropdownValueForText, normalizeCustomDropdownValue } from './dropdown.utils';

const categories = [
  { value: 'principal', label: 'Principal' },
  { value: 'technology', label: 'Technology' },
  { value: 'manager', label: 'Manager' },
];

describe('dropdown utils', () => {
  it('trims and lowercases a custom value', () => {
    expect(normalizeCustomDropdownValue('  Night Shift ')).toBe('night shift');
    expect(normalizeCustomDropdownValue('   ')).toBeNull();
  });

  it('picks an option named by the typed text, else keeps the text as a custom value', () => {
    expect(dropdownValueForText(' technology ', categories)).toBe('technology');
    expect(dropdownValueForText('MANAGER', categories)).toBe('manager');
    expect(dropdownValueForText(' Night Shift', categories)).toBe('night shift');
  });
});

function categoryInput(): HTMLElement {
  const input = screen.getAllByLabelText('Category').find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error('no Category input');
  return input;
}

function Harness({ allowsCustomValue = false }: { allowsCustomValue?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Dropdown
        label="Category"
        options={categories}
        value={value}
        onChange={setValue}
        isAutocomplete
        allowsCustomValue={allowsCustomValue}
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('Dropdown', () => {
  it('filters the options as you type and picks one', async () => {
    renderWithMantine(<Harness />);

    await userEvent.type(categoryInput(), 'tech');
    const technology = await screen.findByText('Technology');
    expect(screen.queryByText('Manager')).not.toBeInTheDocument();
    await userEvent.click(technology);

    expect(screen.getByRole('status')).toHaveTextContent('technology');
  });

  it('keeps a typed custom value, trimmed and lowercased', async () => {
    renderWithMantine(<Harness allowsCustomValue />);

    await userEvent.type(categoryInput(), '  Night Shift {enter}');

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('night shift'));
  });
});
