import { buildMembership, buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import {
  type SubLocation,
  SubLocationErrorText,
  SubLocationText,
} from '@portico/contracts/access/sub-locations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { SubLocationsPage } from './sub-locations-page';

afterEach(() => vi.unstubAllGlobals());

const merchant = sampleIds.defaultClient;
const pearl: SubLocation = {
  id: sampleIds.childOne,
  name: 'Pearl District',
  merchant_id: merchant,
  merchant: {
    id: merchant,
    name: 'Corner Coffee',
    merchant_sub_entity_custom_fields: [{ name: 'Store Number', type: 'number' }],
  },
  phone: '(503) 555-0101',
  address: { address1: '1120 NW Couch St', city: 'Portland', st: 'OR', zip: '97209' },
  custom_fields: { 'Store Number': 101 },
  mid_overrides: [{ payment_processor: 'fis', merchant_identifier: '4445556667' }],
};

function renderPage(options: { user?: ReturnType<typeof buildSessionUser>; role?: 'admin' | 'alpha' } = {}) {
  return renderFeature(
    <MemoryRouter initialEntries={['/sublocations']}>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/sublocations" element={<SubLocationsPage />} />
      </Routes>
    </MemoryRouter>,
    { role: options.role ?? 'admin', ...(options.user ? { user: options.user } : {}) },
  );
}

const merchantAnswers = {
  '/api/permissions/merchants': ok([{ id: merchant, name: 'Corner Coffee' }]),
  [`/api/rbac/${merchant}/sub-entities`]: ok([pearl]),
  [`/api/rbac/${merchant}/mid-overrides`]: ok([
    { payment_processor: 'fis', merchant_identifier: '999000111' },
  ]),
};

describe('SubLocationsPage', () => {
  it('sends a user without the Permissions permission home', async () => {
    stubFetch({});
    const user = buildSessionUser({
      user_type: 'alpha',
      rbac_enabled: true,
      memberships: [buildMembership(sampleIds.merchantA, ['Reports'])],
    });
    renderPage({ role: 'alpha', user });
    expect(await screen.findByText(SubLocationText.NoPermission)).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it("opens the caller's merchant and lists its locations in words", async () => {
    stubFetch(merchantAnswers);
    renderPage();
    const row = (await screen.findByText('Pearl District')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('1120 NW Couch St, Portland, OR 97209')).toBeInTheDocument();
    expect(within(row).getByText('Store Number: 101')).toBeInTheDocument();
    expect(within(row).getByText('FIS 4445556667')).toBeInTheDocument();
  });

  it("shows the server's error text in the Add New Sub-Location modal", async () => {
    stubFetch({
      ...merchantAnswers,
      [`POST /api/rbac/${merchant}/sub-entities`]: failure(
        409,
        'SUB_LOCATION_DUPLICATE',
        SubLocationErrorText.DuplicateName,
      ),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: SubLocationText.AddTitle }));
    const dialog = await screen.findByRole('dialog', { name: SubLocationText.AddTitle });
    expect(within(dialog).getByRole('button', { name: 'Create Sub-Location' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Pearl District');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Sub-Location' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SubLocationErrorText.DuplicateName);
  });

  it('edits a location: custom field by definition, MID override with the merchant default shown', async () => {
    const fetchMock = stubFetch({
      ...merchantAnswers,
      [`PATCH /api/rbac/${merchant}/sub-entities/${pearl.id}`]: ok({
        ...pearl,
        custom_fields: { 'Store Number': 110 },
      }),
    });
    renderPage();
    const row = (await screen.findByText('Pearl District')).closest('tr');
    if (!row) throw new Error('no row');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: SubLocationText.EditTitle });
    expect(await within(dialog).findByText("Empty: the merchant's own (999000111)")).toBeInTheDocument();
    const storeNumber = within(dialog).getByRole('textbox', { name: 'Store Number' });
    await userEvent.clear(storeNumber);
    await userEvent.type(storeNumber, '110');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SubLocationText.Saved)).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({
      name: 'Pearl District',
      custom_fields: { 'Store Number': '110' },
      mid_overrides: [{ payment_processor: 'fis', merchant_identifier: '4445556667' }],
    });
    expect(requestedPaths(fetchMock)).toContain(`PATCH /api/rbac/${merchant}/sub-entities/${pearl.id}`);
  });

  it('asks before deleting and says why the server refused', async () => {
    stubFetch({
      ...merchantAnswers,
      [`DELETE /api/rbac/${merchant}/sub-entities/${pearl.id}`]: failure(
        409,
        'SUB_LOCATION_HAS_USERS',
        SubLocationErrorText.HasUsers,
      ),
    });
    renderPage();
    const row = (await screen.findByText('Pearl District')).closest('tr');
    if (!row) throw new Error('no row');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Confirmation' });
    expect(confirm).toHaveTextContent('Delete the sub-location Pearl District?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SubLocationErrorText.HasUsers)).toBeInTheDocument();
  });
});
