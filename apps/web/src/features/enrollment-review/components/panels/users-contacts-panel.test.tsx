import { notifications } from '@mantine/notifications';
import { EnrollmentActionText } from '@portico/contracts/enrollment/enrollment-actions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UsersContactsText } from '../../../../components/users-contacts/users-contacts-panel';
import { failure, ok, requestedPaths, stubFetch } from '../../../../test/fetch-stub';
import { renderFeature } from '../../../../test/render-feature';
import { EnrollmentUsersContactsPanel, EnrollmentUsersText } from './users-contacts-panel';

const clientId = '9a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const nia = {
  id: '5e1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  name: 'Nia Okafor',
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

async function fillForm() {
  await choose('User Type', 'Contact');
  await choose('Category', 'Principal');
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Omar Haddad');
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'Omar.Haddad@Juniper.EXAMPLE');
  await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '303-555-0199');
}

describe('EnrollmentUsersContactsPanel', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('waits for an account before listing or adding anyone', () => {
    const fetchMock = stubFetch({});
    renderFeature(<EnrollmentUsersContactsPanel clientId={null} />);
    expect(screen.getByText(EnrollmentUsersText.NoAccount)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the user of each entry (its fourth element)', async () => {
    const fetchMock = stubFetch({ '/api/client/users': ok(entries) });
    renderFeature(<EnrollmentUsersContactsPanel clientId={clientId} />);
    const table = await screen.findByRole('table', { name: 'Users and contacts' });
    expect(within(table).getByRole('row', { name: /Nia Okafor/ })).toHaveTextContent(
      'Nia Okafornia@juniper.example303-555-0142userManager',
    );
    expect(requestedPaths(fetchMock)).toContain(`GET /api/client/users?id=${clientId}`);
  });

  it('requires every field, shows errors after touch, lowercases the e-mail and confirms', async () => {
    const fetchMock = stubFetch({
      'GET /api/client/users': ok(entries),
      'POST /api/user/new': ok({ ...nia, name: 'Omar Haddad', email: 'omar.haddad@juniper.example' }),
    });
    const onChanged = vi.fn();
    renderFeature(<EnrollmentUsersContactsPanel clientId={clientId} onChanged={onChanged} />);
    await screen.findByRole('table', { name: 'Users and contacts' });
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    expect(screen.queryByText(EnrollmentActionText.NameRequired)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.tab();
    expect(await screen.findByText(EnrollmentActionText.NameRequired)).toBeInTheDocument();

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
        phone: '303-555-0199',
        user_type: 'contact',
        clientid: clientId,
        label: 'Principal',
        disabled: false,
      },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(
        requestedPaths(fetchMock).filter((path) => path.startsWith('GET /api/client/users')).length,
      ).toBeGreaterThan(listReads),
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('shows why the server refused and no "Successfully added!"', async () => {
    stubFetch({
      'GET /api/client/users': ok([]),
      'POST /api/user/new': failure(409, 'USER_EMAIL_TAKEN', EnrollmentActionText.DuplicateEmail),
    });
    const onChanged = vi.fn();
    renderFeature(<EnrollmentUsersContactsPanel clientId={clientId} onChanged={onChanged} />);
    expect(await screen.findByText(UsersContactsText.Empty)).toBeInTheDocument();
    await fillForm();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EnrollmentActionText.DuplicateEmail);
    expect(screen.queryByText(EnrollmentActionText.UserAdded)).not.toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
