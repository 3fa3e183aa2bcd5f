import { buildMembership, buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import {
  TerminalErrorText,
  type TerminalMerchant,
  type TerminalRow,
  TerminalText,
} from '@portico/contracts/terminals/terminals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { TerminalsPage } from './terminals-page';

afterEach(() => vi.unstubAllGlobals());

const merchant = sampleIds.defaultClient;
const pearl = '00000000-0000-4000-8000-0000000000a1';
const alberta = '00000000-0000-4000-8000-0000000000a2';
const terminal: TerminalRow = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: null,
  sn: 'A920-1',
  tpn: '201900000001',
  lane_id: '7',
  register_id: 'R7',
  is_active: true,
  terminal_type: 'PAX',
  auth_key_last4: 'Q7zW',
  connection_status: 'open',
  sub_entity: { id: pearl, name: 'Pearl District', merchant },
  client: { id: merchant, name: 'Corner Coffee' },
};
const paxMerchant: TerminalMerchant = {
  id: merchant,
  name: 'Corner Coffee',
  terminals_setting: 'pax',
  can_order_pax: true,
  sub_locations: [
    { id: alberta, name: 'Alberta Arts' },
    { id: pearl, name: 'Pearl District' },
  ],
};
const answers = {
  '/api/timezone': ok([['America/New_York', 'Eastern']]),
  '/api/v1/terminals': ok([terminal]),
  '/api/terminal/merchants': ok([paxMerchant]),
};

function renderPage(
  options: { user?: ReturnType<typeof buildSessionUser>; isProcessorAuditUser?: boolean } = {},
) {
  return renderFeature(
    <MemoryRouter initialEntries={['/terminals']}>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/terminals" element={<TerminalsPage />} />
      </Routes>
    </MemoryRouter>,
    {
      role: 'user',
      ...(options.user ? { user: options.user } : {}),
      isProcessorAuditUser: options.isProcessorAuditUser ?? false,
    },
  );
}

describe('TerminalsPage', () => {
  it('sends a user without Terminal Admin on a merchant using permissions home, with the exact toast', async () => {
    stubFetch({});
    const user = buildSessionUser({
      rbac_enabled: true,
      memberships: [buildMembership(merchant, ['Reports', 'Terminals'])],
    });
    renderPage({ user });
    expect(await screen.findByText(TerminalText.NoPermission)).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('shows the Terminal Settings grid with the auth key as its last four, and the controls', async () => {
    stubFetch(answers);
    renderPage();
    expect(await screen.findByText('Pearl District')).toBeInTheDocument();
    expect(screen.getByText('••••Q7zW')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: TerminalText.GridTitle })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: TerminalText.AddTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TerminalText.OrderTitle })).toBeInTheDocument();
  });

  it('hides every control from a processor-audit user', async () => {
    stubFetch(answers);
    renderPage({ isProcessorAuditUser: true });
    expect(await screen.findByText('Pearl District')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TerminalText.AddTitle })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TerminalText.OrderTitle })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete terminal/ })).not.toBeInTheDocument();
  });

  it('offers no Pax order when the merchant terminals setting is not pax', async () => {
    stubFetch({
      ...answers,
      '/api/terminal/merchants': ok([{ ...paxMerchant, terminals_setting: 'dejavoo', can_order_pax: false }]),
    });
    renderPage();
    await waitFor(() => expect(screen.getByRole('button', { name: TerminalText.AddTitle })).toBeEnabled());
    expect(screen.queryByRole('button', { name: TerminalText.OrderTitle })).not.toBeInTheDocument();
  });

  it('asks for the required fields, then links the terminal and says so', async () => {
    const fetchMock = stubFetch({
      ...answers,
      'POST /api/terminal/link': ok({ terminal: { ...terminal, lane_id: '9' }, is_linked: true }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: TerminalText.AddTitle }));
    const dialog = await screen.findByRole('dialog', { name: TerminalText.AddTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Terminal' }));
    expect(await within(dialog).findByText(TerminalText.RequiredFields)).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('POST /api/terminal/link');

    await userEvent.type(within(dialog).getByLabelText(/Auth Key/), 'secret-key-1234');
    await userEvent.type(within(dialog).getByLabelText(/Lane ID/), '9');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Device Type/ }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'NEWPOS', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Terminal' }));
    expect(await screen.findByText(TerminalText.Added)).toBeInTheDocument();
    const linkCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(linkCall?.[1]?.body))).toMatchObject({
      merchant_id: merchant,
      authKey: 'secret-key-1234',
      laneId: '9',
      device_type: 'NEWPOS',
      sub_entity_id: null,
    });
  });

  it('warns when the terminal was kept but not linked yet', async () => {
    stubFetch({
      ...answers,
      'POST /api/terminal/link': ok({ terminal, is_linked: false }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: TerminalText.AddTitle }));
    const dialog = await screen.findByRole('dialog', { name: TerminalText.AddTitle });
    await userEvent.type(within(dialog).getByLabelText(/Auth Key/), 'k');
    await userEvent.type(within(dialog).getByLabelText(/Lane ID/), '8');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Device Type/ }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'PAX', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Terminal' }));
    expect(await screen.findByText(TerminalText.NotYetLinked)).toBeInTheDocument();
  });

  it('moves a terminal to another location and refreshes the grid', async () => {
    const fetchMock = stubFetch({
      ...answers,
      [`PATCH /api/v1/terminals/${terminal.id}`]: ok({
        ...terminal,
        sub_entity: { id: alberta, name: 'Alberta Arts', merchant },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign location of lane 7' }));
    const dialog = await screen.findByRole('dialog', { name: TerminalText.AssignTitle });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Location' }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Alberta Arts', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Location' }));
    await waitFor(() =>
      expect(requestedPaths(fetchMock).filter((path) => path === 'GET /api/v1/terminals')).toHaveLength(2),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ sub_entity: { id: alberta } });
  });

  it('deletes a terminal after its confirm, with the exact texts', async () => {
    const fetchMock = stubFetch({
      ...answers,
      'DELETE /api/terminal/delete/7': ok({ deleted_id: terminal.id }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete terminal on lane 7' }));
    const dialog = await screen.findByRole('dialog', { name: TerminalText.DeleteTitle });
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Terminal' }));
    expect(await screen.findByText(TerminalText.Deleted)).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`DELETE /api/terminal/delete/7?merchant_id=${merchant}`);
  });

  it('shows the failure text when the delete is refused', async () => {
    stubFetch({
      ...answers,
      'DELETE /api/terminal/delete/7': failure(404, 'TERMINAL_NOT_FOUND', TerminalErrorText.NotFound),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete terminal on lane 7' }));
    const dialog = await screen.findByRole('dialog', { name: TerminalText.DeleteTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Terminal' }));
    expect(await screen.findByText(TerminalText.DeleteFailed)).toBeInTheDocument();
  });

  it('asks for a two-digit Exp Month and shows 260 dollars times the quantity', async () => {
    const fetchMock = stubFetch(answers);
    renderPage();
    const dialog = await openPaxForm();
    await fillPaxForm(dialog, { expMonth: '9' });
    const quantity = within(dialog).getByLabelText(/^Quantity/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    expect(within(dialog).getByText('Total: $520.00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Order' }));
    expect(await within(dialog).findByText(TerminalText.PaxRequiredFields)).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('POST /api/order-pax');
  });

  it('orders a Pax device with MMYY and an Idempotency-Key, and shows the success text', async () => {
    const fetchMock = stubFetch({
      ...answers,
      'POST /api/order-pax': ok({
        id: '00000000-0000-4000-8000-0000000000c1',
        status: 'Approved',
        message: TerminalText.PaxOrdered,
        device_name: 'PAX A920 Pro',
        quantity: 1,
        amount: '260.00',
        last4: '1117',
      }),
    });
    renderPage();
    const dialog = await openPaxForm();
    await fillPaxForm(dialog, {});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Order' }));
    expect(await within(dialog).findByText(TerminalText.PaxOrdered)).toBeInTheDocument();
    const orderCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/order-pax'));
    expect(JSON.parse(String(orderCall?.[1]?.body))).toMatchObject({
      ExpDate: '0930',
      CcNum: '1111111111111117',
      quantity: 1,
      device_name: 'PAX A920 Pro',
    });
    expect(new Headers(orderCall?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the failure text when the order is refused', async () => {
    stubFetch({
      ...answers,
      'POST /api/order-pax': failure(422, 'PAX_ORDER_DECLINED', TerminalText.PaxFailed),
    });
    renderPage();
    const dialog = await openPaxForm();
    await fillPaxForm(dialog, {});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Order' }));
    expect(await within(dialog).findByText(TerminalText.PaxFailed)).toBeInTheDocument();
  });
});

async function openPaxForm(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: TerminalText.OrderTitle }));
  return screen.findByRole('dialog', { name: TerminalText.OrderTitle });
}

// Pasted rather than typed key by key: thirteen fields.
async function fillPaxForm(dialog: HTMLElement, overrides: { expMonth?: string }) {
  const fields: [RegExp, string][] = [
    [/^Ship To/, 'Corner Coffee'],
    [/^Contact/, 'Dana Reyes'],
    [/^Address/, '1 Main St'],
    [/^City/, 'Portland'],
    [/^State/, 'OR'],
    [/^Zip/, '97209'],
    [/^Phone/, '503-555-0100'],
    [/^Cardholder Name/, 'Dana Reyes'],
    [/^Card Number/, '1111 1111 1111 1117'],
    [/^Exp Month/, overrides.expMonth ?? '09'],
    [/^Exp Year/, '30'],
    [/^CVV/, '123'],
    [/^Billing Zip/, '97209'],
  ];
  for (const [label, text] of fields) {
    await userEvent.click(within(dialog).getByLabelText(label));
    await userEvent.paste(text);
  }
}
