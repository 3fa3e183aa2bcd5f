import { notifications } from '@mantine/notifications';
import { UserAdminText } from '@portico/contracts/access/user-admin';
import { EnrollmentActionText } from '@portico/contracts/enrollment/enrollment-actions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { UsersContactsText } from '../../../../components/users-contacts/users-contacts-panel';
import { failure, ok, requestedPaths, stubFetch } from '../../../../test/fetch-stub';
import { renderFeature } from '../../../../test/render-feature';
import { AccountUsersContactsPanel } from './users-contacts-panel';

const clientId = '9a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const nia = {
  id: '5e1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  name: 'Nia Grace Okafor',
  email: 'nia@juniper.example',
  phone: '303-555-0142',
  user_type: 'user',
  label: 'Manager',
  client_id: clientId,
  disabled: false,
  is_locked_out: false,
};
const entries = [[nia.id, clientId, '2026-03-02T17:05:00.000Z', nia]];

function postedBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

// The account page's phone is optional, so it stays empty here.
async function fillForm() {
  await choose('User Type', 'Contact');
  await choose('Label', 'Technology');
  await userEvent.type(screen.getByRole('textbox', { name: 'First Name' }), 'Omar');
  await userEvent.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Haddad');
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'Omar.Haddad@Juniper.EXAMPLE');
}

describe('AccountUsersContactsPanel', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('lists each user with first and last name split at the first space', async () => {
    const fetchMock = stubFetch({ '/api/client/users': ok(entries) });
    renderFeature(<AccountUsersContactsPanel clientId={clientId} />);
    const table = await screen.findByRole('table', { name: 'Users and contacts' });
    const cells = within(within(table).getByRole('row', { name: /Okafor/ })).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Nia',
      'Grace Okafor',
      'nia@juniper.example',
      '303-555-0142',
      'user',
      'Manager',
    ]);
    expect(requestedPaths(fetchMock)).toContain(`GET /api/client/users?id=${clientId}`);
  });

  it('requires the first name after touch, posts the POST /api/user body and confirms', async () => {
    const fetchMock = stubFetch({
      'GET /api/client/users': ok(entries),
      'POST /api/user': ok({
        ...nia,
        name: 'Omar Haddad',
        email: 'omar.haddad@juniper.example',
        phone: null,
        user_type: 'contact',
        label: 'Technology',
      }),
    });
    renderFeature(<AccountUsersContactsPanel clientId={clientId} />);
    await screen.findByRole('table', { name: 'Users and contacts' });
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.click(screen.getByRole('textbox', { name: 'First Name' }));
    await userEvent.tab();
    expect(await screen.findByText(UserAdminText.FirstNameRequired)).toBeInTheDocument();

    await fillForm();
    await waitFor(() => expect(add).toBeEnabled());
    const listReads = requestedPaths(fetchMock).filter((path) =>
      path.startsWith('GET /api/client/users'),
    ).length;
    await userEvent.click(add);
    expect(await screen.findByText(EnrollmentActionText.UserAdded)).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([
      {
        name: 'Omar Haddad',
        email: 'omar.haddad@juniper.example',
        phone: null,
        user_type: 'contact',
        client_id: clientId,
        label: 'Technology',
        is_locked_out: false,
      },
    ]);
    expect(requestedPaths(fetchMock)).not.toContain('POST /api/user/new');
    // The list is read again and the form starts over.
    await waitFor(() =>
      expect(
        requestedPaths(fetchMock).filter((path) => path.startsWith('GET /api/client/users')).length,
      ).toBeGreaterThan(listReads),
    );
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('');
  });

  it('shows why the server refused and no "Successfully added!"', async () => {
    stubFetch({
      'GET /api/client/users': ok([]),
      'POST /api/user': failure(403, 'FORBIDDEN', 'You do not have access to this merchant'),
    });
    renderFeature(<AccountUsersContactsPanel clientId={clientId} />);
    expect(await screen.findByText(UsersContactsText.Empty)).toBeInTheDocument();
    await fillForm();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this merchant');
    expect(screen.queryByText(EnrollmentActionText.UserAdded)).not.toBeInTheDocument();
  });
});
