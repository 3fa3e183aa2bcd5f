import { PermissionsPageText, type Role } from '@portico/contracts/access/rbac-admin';
import { sampleIds } from '@portico/contracts/access/session-user.factory';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { ConfigureRolesModal } from './configure-roles-modal';

afterEach(() => vi.unstubAllGlobals());

const merchantId = sampleIds.merchantA;
const role: Role = {
  id: sampleIds.roleA,
  name: 'Cashier',
  merchant: { id: merchantId, name: 'Corner Coffee' },
  granted_permissions: [{ name: 'Reports' }],
  custom_field_access: {},
  hideable_fields: {},
  omittable_fields: {},
  user_count: 2,
};

describe('Configure Roles', () => {
  it('groups the permissions with a line each, keeps changes as a draft and saves them together', async () => {
    const fetchMock = stubFetch({
      [`/api/rbac/${merchantId}/roles`]: ok([role]),
      [`/api/rbac/${merchantId}/permissions`]: ok([
        { name: 'Reports' },
        { name: 'Payouts' },
        { name: 'Vault' },
      ]),
      [`/api/permissions/merchant/${merchantId}/terminals`]: ok([]),
      [`PUT /api/rbac/${merchantId}/roles/${role.id}/permissions`]: ok({
        ...role,
        granted_permissions: [{ name: 'Payouts' }],
      }),
    });
    renderFeature(
      <ConfigureRolesModal merchantId={merchantId} merchantName="Corner Coffee" onClose={() => {}} />,
    );
    // The roles have loaded once the box asks to choose one.
    await screen.findByPlaceholderText('Choose a role');
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cashier', hidden: true }));

    const money = await screen.findByRole('group', { name: 'Reports and money' });
    expect(within(money).getByRole('checkbox', { name: 'Reports' })).toBeChecked();
    expect(within(money).getByText('See payouts, settlement groups and statements.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Payment tools' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: PermissionsPageText.SavePermissions });
    expect(save).toBeDisabled();

    await userEvent.click(within(money).getByRole('checkbox', { name: 'Reports' }));
    await userEvent.click(within(money).getByRole('checkbox', { name: 'Payouts' }));
    expect(screen.getByText('2 changes not saved yet')).toBeInTheDocument();
    await userEvent.click(save);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([, init]) => init?.method === 'PUT')
          .map(([, init]) => JSON.parse(String(init?.body))),
      ).toEqual([{ permissions: ['Payouts'] }]),
    );
    expect(await screen.findByText(PermissionsPageText.PermissionsSaved)).toBeInTheDocument();
  });
});
