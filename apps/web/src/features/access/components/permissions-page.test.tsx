import { PermissionsPageText, type Role } from '@portico/contracts/access/rbac-admin';
import { buildMembership, buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { PermissionsPage } from './permissions-page';
import { RoleFieldsPanel } from './role-fields-panel';

afterEach(() => vi.unstubAllGlobals());

const terminalId = '12121212-1212-4212-8212-121212121212';
const role: Role = {
  id: sampleIds.roleA,
  name: 'Cashier',
  merchant: { id: sampleIds.merchantA, name: 'Corner Coffee' },
  granted_permissions: [{ name: 'Reports' }],
  custom_field_access: { [terminalId]: { 'Order Number': 'require', 'Table Number': 'show' } },
  hideable_fields: {},
  omittable_fields: {},
  user_count: 2,
};

describe('PermissionsPage', () => {
  it('sends a user without the Permissions permission home with the exact text', async () => {
    stubFetch({});
    const user = buildSessionUser({
      user_type: 'alpha',
      rbac_enabled: true,
      memberships: [buildMembership(sampleIds.merchantA, ['Reports'])],
    });
    renderFeature(
      <MemoryRouter initialEntries={['/permissions']}>
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/permissions" element={<PermissionsPage />} />
        </Routes>
      </MemoryRouter>,
      { role: 'alpha', user },
    );
    expect(await screen.findByText(PermissionsPageText.PageForbidden)).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('lists the users of the merchant with an Edit action for a holder of Permissions', async () => {
    const fetchMock = stubFetch({
      '/api/permissions/merchants': ok([{ id: sampleIds.defaultClient, name: 'Corner Coffee' }]),
      [`/api/rbac/${sampleIds.defaultClient}/users`]: ok([
        {
          id: sampleIds.user,
          name: 'Avery Ledger',
          email: 'avery@corner.example',
          role: { id: sampleIds.roleA, name: 'Cashier' },
          groups_member: [],
          sub_entities: [{ id: sampleIds.childOne, name: 'Pearl District' }],
        },
      ]),
    });
    const user = buildSessionUser({
      user_type: 'alpha',
      rbac_enabled: true,
      memberships: [buildMembership(sampleIds.defaultClient, ['Permissions'])],
    });
    renderFeature(
      <MemoryRouter>
        <PermissionsPage />
      </MemoryRouter>,
      { role: 'alpha', user },
    );
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(table).toHaveTextContent('User');
    expect(table).toHaveTextContent('Actions');
    expect(await screen.findByText('Avery Ledger')).toBeInTheDocument();
    expect(screen.getByText(/Cashier · Pearl District/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Avery Ledger' })).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(
      `GET /api/rbac/${sampleIds.defaultClient}/users?with_recursion=true`,
    );
  });
});

describe('RoleFieldsPanel', () => {
  it('asks for a terminal first, then refuses to hide a required field without calling the server', async () => {
    const fetchMock = stubFetch({
      [`/api/permissions/merchant/${sampleIds.merchantA}/terminals`]: ok([
        { id: terminalId, name: 'Catering Orders', is_active: true },
      ]),
      [`/api/permissions/merchant/${sampleIds.merchantA}/terminal/${terminalId}/custom-fields`]: ok([
        { name: 'Order Number', type: 'text', required: false },
        { name: 'Table Number', type: 'dropdown', required: false },
      ]),
      [`DELETE /api/rbac/${sampleIds.merchantA}/roles/${sampleIds.roleA}/terminals/${terminalId}/omittable-fields/Table%20Number`]:
        ok(role),
    });
    renderFeature(<RoleFieldsPanel merchantId={sampleIds.merchantA} role={role} />);
    expect(screen.getByText(PermissionsPageText.SelectTerminalFirst)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Terminal' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Catering Orders', hidden: true }));

    const available = await screen.findByRole('checkbox', { name: 'Order Number available' });
    expect(available).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Order Number required' })).toBeChecked();
    await userEvent.click(available);
    expect(await screen.findByText(PermissionsPageText.CannotHideRequired)).toBeInTheDocument();
    expect(requestedPaths(fetchMock).filter((path) => !path.startsWith('GET'))).toEqual([]);

    // Checking Required on a shown field asks the server to drop it from the omittable list.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Table Number required' }));
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(
        `DELETE /api/rbac/${sampleIds.merchantA}/roles/${sampleIds.roleA}/terminals/${terminalId}/omittable-fields/Table%20Number`,
      ),
    );
  });
});
