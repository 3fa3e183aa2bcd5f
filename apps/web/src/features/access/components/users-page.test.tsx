import { PermissionsPageText } from '@portico/contracts/access/rbac-admin';
import { sampleIds } from '@portico/contracts/access/session-user.factory';
import { UserAdminText } from '@portico/contracts/access/user-admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, type StubbedAnswer } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { ConfigureRolesModal } from './configure-roles-modal';
import { UsersPage } from './users-page';

afterEach(() => vi.unstubAllGlobals());

const merchant = sampleIds.defaultClient;
const robin = {
  id: sampleIds.user,
  name: 'Robin Vale',
  email: 'robin@corner.example',
  user_type: 'user',
  label: null,
  default_client_id: merchant,
  disabled: false,
  is_locked_out: true,
  created_at: '2025-06-01T12:00:00.000Z',
  last_sign_in_at: null,
  has_second_factor: false,
  memberships: [
    { merchant: { id: merchant, name: 'Corner Coffee' }, role: { id: sampleIds.roleA, name: 'Cashier' } },
  ],
  locations: [],
};

// Another user of the merchant (Robin is the signed-in user: the session factory's id).
const sky = {
  ...robin,
  id: '00000000-0000-4000-8000-0000000000e1',
  name: 'Sky Marlow',
  email: 'sky@corner.example',
  is_locked_out: false,
};

// Answers by path prefix; writes are recorded with their bodies.
function stubServer(postAnswer: StubbedAnswer) {
  const bodies: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') bodies.push(JSON.parse(String(init?.body)));
    const answer = ((): StubbedAnswer => {
      if (method === 'POST' && url.pathname === '/api/user') return postAnswer;
      if (url.pathname === '/api/client/my-users') return ok([robin, sky]);
      if (url.pathname === '/api/timezone') return ok('UTC');
      if (url.pathname.startsWith('/api/user/grid-config'))
        return ok(url.pathname.includes('names') ? [] : null);
      if (url.pathname.endsWith('/groups'))
        return ok([{ id: merchant, name: 'Corner Coffee', level: 'Merchant' }]);
      if (url.pathname.endsWith('/roles')) return ok([]);
      if (url.pathname.endsWith('/sub-entities')) return ok([]);
      throw new Error(`Unexpected request ${method} ${url.pathname}`);
    })();
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, bodies };
}

function renderUsersPage({ role = 'user', url = '/users' }: { role?: 'user' | 'admin'; url?: string } = {}) {
  return renderFeature(
    <MemoryRouter initialEntries={[url]}>
      <UsersPage />
    </MemoryRouter>,
    { role },
  );
}

// The search parameter of every users list the page asked for ('' when none).
function usersSearchesOf(fetchMock: ReturnType<typeof stubServer>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://portal.test'))
    .filter((url) => url.pathname === '/api/client/my-users')
    .map((url) => url.searchParams.get('search') ?? '');
}

async function fillNewUser() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add user' });
  await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Avery');
  await userEvent.type(screen.getByRole('textbox', { name: /Last name/ }), 'Ledger');
  await userEvent.type(screen.getByRole('textbox', { name: /E-mail/ }), 'Avery@Corner.example');
  return dialog;
}

describe('UsersPage', () => {
  it("shows a merchant user their own merchant's users in words, with the exact label", async () => {
    const { fetchMock } = stubServer(ok(robin));
    renderUsersPage();
    expect(screen.getByText(UserAdminText.ViewingUsersFor)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: UserAdminText.ViewingUsersFor })).toBeNull();
    expect(await screen.findByText('Robin Vale')).toBeInTheDocument();
    expect(screen.getAllByText('Corner Coffee: Cashier')).toHaveLength(2);
    expect(screen.getAllByText('All locations')).toHaveLength(2);
    expect(screen.getByText('Locked')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('GET /api/client/my-users');
    // Everyone's row may be edited; only other people's rows offer Delete.
    expect(screen.getByRole('button', { name: 'Edit Robin Vale' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Robin Vale' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Sky Marlow' })).toBeInTheDocument();
  });

  it("narrows a merchant's own list as the person types, without asking the server again", async () => {
    const { fetchMock } = stubServer(ok(robin));
    renderUsersPage();
    expect(await screen.findByText('Sky Marlow')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: UserAdminText.SearchLabel }), 'SKY corner');
    await waitFor(() => expect(screen.queryByText('Robin Vale')).not.toBeInTheDocument());
    expect(screen.getByText('Sky Marlow')).toBeInTheDocument();
    expect(usersSearchesOf(fetchMock)).toEqual(['']);
  });

  it('opens for staff searching all merchants from ?search=, and asks for a search when it is cleared', async () => {
    const { fetchMock } = stubServer(ok(robin));
    renderUsersPage({ role: 'admin', url: '/users?search=sky' });
    expect(screen.getByRole('combobox', { name: UserAdminText.ViewingUsersFor })).toHaveValue(
      UserAdminText.AllMerchants,
    );
    expect(screen.getByRole('searchbox', { name: UserAdminText.SearchLabel })).toHaveValue('sky');
    expect(await screen.findByText('Sky Marlow')).toBeInTheDocument();
    expect(usersSearchesOf(fetchMock)).toEqual(['sky']);
    // A user is added to a chosen merchant, not to all of them.
    expect(screen.getByRole('button', { name: 'Add user' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText(UserAdminText.SearchAcrossMerchants)).toBeInTheDocument();
  });

  it("adds a user: one name from first and last, and 'Successfully added!'", async () => {
    const { bodies } = stubServer(ok({ ...robin, id: sampleIds.parent, name: 'Avery Ledger' }));
    renderUsersPage();
    const dialog = await fillNewUser();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText(UserAdminText.Added)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Avery Ledger',
        email: 'Avery@Corner.example',
        user_type: 'user',
        label: null,
        locations: [],
        merchant_id: merchant,
        role: null,
        disabled: false,
      },
    ]);
  });

  it("says 'Did not save' with the server's reason when the user is refused", async () => {
    stubServer(failure(409, 'DUPLICATE_EMAIL', 'A user with this e-mail already exists'));
    renderUsersPage();
    const dialog = await fillNewUser();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findAllByText(UserAdminText.NotSaved)).not.toHaveLength(0);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('A user with this e-mail already exists'),
    );
  });
});

describe('ConfigureRolesModal', () => {
  it('says the merchant has no permissions configured when its list is empty', async () => {
    const role = {
      id: sampleIds.roleA,
      name: 'Cashier',
      merchant: { id: merchant, name: 'Corner Coffee' },
      granted_permissions: [],
      custom_field_access: {},
      hideable_fields: {},
      omittable_fields: {},
      user_count: 0,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://portal.test');
        const body = url.pathname.endsWith('/roles') ? ok([role]).body : ok([]).body;
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderFeature(
      <ConfigureRolesModal merchantId={merchant} merchantName="Corner Coffee" onClose={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Add Role' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cashier', hidden: true }));
    expect(await screen.findByText(PermissionsPageText.NoMerchantPermissions)).toBeInTheDocument();
  });
});
