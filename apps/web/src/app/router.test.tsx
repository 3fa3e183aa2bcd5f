import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readyDatabase, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';
import { SIDEBAR_COLLAPSED_STORAGE_KEY } from './layouts/management-layout';
import { type RouteTableEntry, routeTable } from './router';

describe('route table', () => {
  it('holds every route of spec 1 §2.2', () => {
    const paths = routeTable.map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/unsubscribe',
        '/unsubscribe/:subscription',
        '/home',
        '/users',
        '/virtual-terminal/:apikey',
        '/configure-terminal/:apikey',
        '/payouts',
        '/reporting',
        '/reporting/classic',
        '/reporting/search',
        '/vault',
        '/statement',
        '/report/recurring',
        '/terminals',
        '/mimic',
        '/key-entry',
        '/monthly-billing',
        '/accounts',
        '/account/:clientid',
        '/merchants',
        '/admin-reporting',
        '/admin-reporting/with-snowflake',
        '/admin-reporting/all-internal/:sourceName',
        '/billing',
        '/costing',
        '/risk',
        '/rev-share',
        '/revshareadmin',
        '/onboarding',
        '/operations',
        '/onboard/:id',
        '/certification-page',
        '/enroll-portal-page',
        '/permissions',
        '/sublocations',
        '/certregistration',
        '/documents/upload/:clientid',
        '/createlink/:apikey?',
        '/login',
        '/sso',
        '/verify-email',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives the admin-only routes to admins alone', () => {
    const mimic = routeTable.find((entry) => entry.path === '/mimic');
    const permissions = routeTable.find((entry) => entry.path === '/permissions');
    expect(mimic?.roles).toEqual(['admin']);
    expect(permissions?.roles).toEqual(['admin', 'alpha']);
    expect(routeTable.find((entry) => entry.path === '/login')?.roles).toBe('guests');
  });
});

describe('app routes', () => {
  it('redirects / to /home, which greets the user and reports the database', async () => {
    stubFetch({ '/readyz': readyDatabase });
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome to Portico' })).toBeInTheDocument();
    expect(await screen.findByText('Database: ready')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/home');
    expect(document.title).toBe('Home');
  });

  it('shows a failing database as unavailable with the server message', async () => {
    stubFetch({
      '/readyz': {
        status: 503,
        body: {
          status: false,
          error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not ready.' },
        },
      },
    });
    renderApp('/home');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Database: unavailable')).toBeInTheDocument();
    expect(within(alert).getByText('The database is not ready.')).toBeInTheDocument();
  });

  it('shows unknown paths as not found inside the management layout', async () => {
    renderApp('/nope');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no page at /nope.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.title).toBe('Not found');
  });

  it('shows a titled placeholder for a page that is not built yet', async () => {
    renderApp('/vault');

    expect(await screen.findByText('Vault — this page is being built')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vault' })).toBeInTheDocument();
    expect(document.title).toBe('Vault');
  });

  it('shows the sign-in placeholder in the auth layout, without the menu', async () => {
    renderApp('/login');

    expect(await screen.findByText('Sign-in arrives with the sign-in issue')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portico' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(document.title).toBe('Login');
  });

  it('sends /reporting to the classic report', async () => {
    const { router } = renderApp('/reporting');

    expect(await screen.findByText('Reporting — this page is being built')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/reporting/classic');
  });

  it('hides the menu of a showMenu route unless the query asks for it', async () => {
    renderApp('/documents/upload/42');
    expect(await screen.findByText('Upload Documents — this page is being built')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('shows the menu of a showMenu route when the query asks for it', async () => {
    renderApp('/documents/upload/42?showMenu=true');
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('lists the sidebar entries of spec 1 §2.1 and navigates with them, back at the top', async () => {
    stubFetch({ '/readyz': readyDatabase });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderApp('/home');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });

    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Certification',
      'Home',
      'Create Enrollment',
      'Mimic',
      'Monthly Billing',
      'Onboarding',
      'Admin Accounts',
      'Accounts',
      'Reporting',
      'Admin Reporting',
      'Costing',
      'Statements',
      'Billing',
      'Recurring Charges',
      'Vault',
      'Permissions',
      'Sublocations',
      'Users',
      'Terminals',
      'Risk Dashboard',
      'Rev Share',
    ]);

    scrollTo.mockClear();
    await userEvent.click(within(menu).getByRole('link', { name: 'Risk Dashboard' }));

    expect(await screen.findByText('Risk Dashboard — this page is being built')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/risk');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.title).toBe('Risk Dashboard');
  });

  it('remembers a collapsed sidebar across visits', async () => {
    stubFetch({ '/readyz': readyDatabase });
    const first = renderApp('/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Hide menu' }));

    expect(localStorage.getItem(SIDEBAR_COLLAPSED_STORAGE_KEY)).toBe('true');
    first.unmount();

    renderApp('/home');
    const toggle = await screen.findByRole('button', { name: 'Show menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

function BrokenPage(): never {
  throw new Error('rows is undefined');
}

describe('route errors', () => {
  function tableWithPage(page: RouteTableEntry['page']): RouteTableEntry[] {
    return [{ path: '/broken', roles: 'public', title: 'Broken', layout: 'management', page }];
  }

  it('offers a reload when a page chunk fails to load, inside the layout', async () => {
    const failedImport = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /app/assets/broken.js'));
    renderApp('/broken', tableWithPage(failedImport));

    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows a friendly message when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(
      '/broken',
      tableWithPage(async () => ({ Component: BrokenPage })),
    );

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/rows is undefined/)).not.toBeInTheDocument();
  });
});
