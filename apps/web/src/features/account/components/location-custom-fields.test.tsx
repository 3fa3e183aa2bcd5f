import { LocationCustomFieldsText } from '@portico/contracts/clients/location-custom-fields';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, ok, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { LocationCustomFields } from './location-custom-fields';

const clientId = '7c1f0c0e-3f0a-4b8e-9a3e-0c8b9d2a1f00';
const path = `/api/account/${clientId}/location-custom-fields`;

function putBody(fetchMock: ReturnType<typeof stubFetch>): unknown {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return JSON.parse(String(call?.[1]?.body));
}

describe('LocationCustomFields', () => {
  it('adds a field and saves the whole list, then says so', async () => {
    const fetchMock = stubFetch({
      [`PUT ${path}`]: ok([
        { name: 'District', type: 'text' },
        { name: 'Store Number', type: 'number' },
      ]),
    });
    renderFeature(
      <LocationCustomFields clientId={clientId} canEdit stored={[{ name: 'District', type: 'text' }]} />,
    );
    expect(await screen.findByRole('textbox', { name: 'Custom field 1 name' })).toHaveValue('District');
    await userEvent.click(screen.getByRole('button', { name: 'Add Custom Field' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Custom field 2 name' }), 'Store Number');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Custom field 2 type' }), 'number');
    await userEvent.click(screen.getByRole('button', { name: 'Save Custom Fields' }));
    expect(await screen.findByText(LocationCustomFieldsText.Saved)).toBeInTheDocument();
    expect(putBody(fetchMock)).toEqual({
      fields: [
        { name: 'District', type: 'text' },
        { name: 'Store Number', type: 'number' },
      ],
    });
  });

  it('stops a duplicate name before asking the server', async () => {
    const fetchMock = stubFetch({});
    renderFeature(
      <LocationCustomFields clientId={clientId} canEdit stored={[{ name: 'District', type: 'text' }]} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add Custom Field' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Custom field 2 name' }), 'district');
    await userEvent.click(screen.getByRole('button', { name: 'Save Custom Fields' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LocationCustomFieldsText.DuplicateName);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal", async () => {
    stubFetch({
      [`PUT ${path}`]: failure(
        403,
        'ACCOUNT_SECTION_NOT_ALLOWED',
        'Settings are not yours to see or change.',
      ),
    });
    renderFeature(<LocationCustomFields clientId={clientId} canEdit stored={[]} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Custom Field' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Custom field 1 name' }), 'Lane');
    await userEvent.click(screen.getByRole('button', { name: 'Save Custom Fields' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings are not yours to see or change.');
  });

  it('shows the list read-only to a caller who may not edit Settings', async () => {
    stubFetch({});
    renderFeature(
      <LocationCustomFields
        clientId={clientId}
        canEdit={false}
        stored={[{ name: 'District', type: 'text' }]}
      />,
    );
    expect(await screen.findByText('District (text)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Custom Fields' })).toBeNull();
  });
});
