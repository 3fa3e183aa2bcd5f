import { notifications } from '@mantine/notifications';
import {
  type CtaApplicationView,
  CtaText,
  transactionMixCategories,
} from '@portico/contracts/enrollment/click-to-agree';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { CtaApplicationPage } from './cta-application-page';

const enrollmentId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const parentId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const token = `v1.1760000000.${'a'.repeat(43)}`;
const applicationPath = `/api/public/enroll/${enrollmentId}`;
const agreePath = `POST /api/public/enroll/${enrollmentId}/agree`;

const view: CtaApplicationView = {
  id: enrollmentId,
  parent_id: parentId,
  parent_name: 'Summit Merchant Services',
  status: 'cta_sent',
  can_submit: true,
  agreed_at: null,
  business: {
    dba_name: 'Fern & Fig Kitchen',
    legal_name: 'Fern and Fig Kitchen LLC',
    ownership_type: 'LLC Private',
    fed_tx_id_last4: '4567',
    business_description: 'Farm-to-table restaurant',
    start_date: null,
    website: null,
  },
  address: {
    business_address_one: '1200 Pearl St',
    business_address_two: null,
    business_city: 'Boulder',
    business_state_province: 'CO',
    business_postal_code: '80302',
  },
  contact: {
    first_name: 'June',
    last_name: 'Park',
    email: 'june@fernfig.example',
    business_phone_number: '303-555-0100',
  },
  owners: [
    {
      position: 1,
      first_name: 'June',
      last_name: 'Park',
      title: 'Owner',
      ownership_percent: '100.00',
      ssn_last4: '7788',
      has_date_of_birth: true,
      phone_number: '303-555-0142',
      address_line_one: '12 Pearl St',
      address_line_two: null,
      city: 'Boulder',
      state_province: 'CO',
      postal_code: '80302',
    },
  ],
  settlement: { account_number_last4: null, routing_number_last4: null, account_type: 'checking' },
  transaction_mix: {
    card_swiped: null,
    keyed_card_present_not_imprinted: null,
    mail_or_phone_order: null,
    internet: null,
  },
};

function renderPage(url = `/enroll/${parentId}/${enrollmentId}?token=${token}`) {
  return renderFeature(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/enroll/:parent_id/:id" element={<CtaApplicationPage />} />
        <Route path="/enroll/:id" element={<CtaApplicationPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const textbox = (name: RegExp, scope: HTMLElement = document.body) =>
  within(scope).getByRole('textbox', { name });
const group = (name: string) => screen.getByRole('group', { name });

// The whole value at once, then leave the field: typing key by key revalidates a large form each time.
function fill(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

function postedBody(fetchMock: ReturnType<typeof stubFetch>): unknown {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('CtaApplicationPage', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('says a refused link is invalid or expired', async () => {
    stubFetch({ [applicationPath]: failure(403, 'CTA_LINK_INVALID', CtaText.LinkInvalid) });
    renderPage();
    expect(await screen.findByText(/This enrollment link is invalid or has expired\./)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Merchant application' })).not.toBeInTheDocument();
  });

  it('does not even ask the server about a link without a proper token or with another parent', async () => {
    const fetchMock = stubFetch({ [applicationPath]: ok(view) });
    renderPage(`/enroll/${enrollmentId}?token=nope`);
    expect(await screen.findByText(/This enrollment link is invalid or has expired\./)).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual([]);
  });

  it('refuses a link whose parent is not the application’s parent', async () => {
    stubFetch({ [applicationPath]: ok(view) });
    renderPage(`/enroll/00000000-0000-4000-8000-000000000001/${enrollmentId}?token=${token}`);
    expect(await screen.findByText(/This enrollment link is invalid or has expired\./)).toBeInTheDocument();
  });

  it('shows the sections prefilled, sensitive numbers left to type, and the terms in a new tab', async () => {
    stubFetch({ [applicationPath]: ok(view) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Merchant Application' })).toBeInTheDocument();
    expect(screen.getByText('with Summit Merchant Services')).toBeInTheDocument();
    for (const section of ['Business', 'Address', 'Contact', 'Owners', 'Settlement', 'Transaction Mix']) {
      expect(group(section)).toBeInTheDocument();
    }
    expect(textbox(/Business Name \(DBA\)/)).toHaveValue('Fern & Fig Kitchen');
    expect(textbox(/^SSN/)).toHaveValue('');
    expect(screen.getByText('On file: ending 7788. Enter it again to confirm.')).toBeInTheDocument();
    const terms = screen.getByRole('link', { name: 'Terms and Conditions' });
    expect(terms).toHaveAttribute('href', `/terms/${enrollmentId}`);
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it('shows the ZIP, state, date and mix rules once a field is touched', async () => {
    stubFetch({ [applicationPath]: ok(view) });
    renderPage();
    const address = await screen.findByRole('group', { name: 'Address' });
    const zip = textbox(/ZIP Code/, address);
    await userEvent.type(zip, '{Backspace>5}80a3');
    fireEvent.blur(zip);
    // Typing keeps digits and hyphens only.
    expect(zip).toHaveValue('803');
    expect(await within(address).findByText('Invalid ZIP code format.')).toBeInTheDocument();
    fill(zip, '80302-1234');
    await waitFor(() =>
      expect(within(address).queryByText('Invalid ZIP code format.')).not.toBeInTheDocument(),
    );

    fill(textbox(/State/, address), 'co');
    expect(await within(address).findByText('State must be two uppercase letters.')).toBeInTheDocument();

    const owners = group('Owners');
    fill(textbox(/Date of Birth/, owners), '04/12/1985');
    expect(await within(owners).findByText('Date must be YYYY-MM-DD.')).toBeInTheDocument();

    const mix = group('Transaction Mix');
    const [first, ...rest] = transactionMixCategories.map(([, label]) =>
      within(mix).getByRole('textbox', { name: new RegExp(label.replace(/[(),]/g, '.')) }),
    );
    if (!first) throw new Error('no mix inputs');
    fill(first, '70');
    for (const input of rest) fill(input, '5');
    expect(await within(mix).findByText('Total: 85%')).toBeInTheDocument();
    expect(await within(mix).findByText('Transaction mix must add up to 100%.')).toBeInTheDocument();
  });

  it('adds owners up to 4', async () => {
    stubFetch({ [applicationPath]: ok(view) });
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add Owner' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(add);
    expect(screen.getByRole('group', { name: 'Owner 4' })).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(screen.getByText('Up to 4 owners.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Owner 4' }));
    expect(add).toBeEnabled();
  });

  it('submits the completed application after agreeing, then confirms', async () => {
    const fetchMock = stubFetch({
      [applicationPath]: ok(view),
      [agreePath]: ok({ status: 'cta_signed', agreed_at: '2025-06-15T09:00:00.000Z' }),
    });
    renderPage();
    const submit = await screen.findByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    expect(await screen.findByText('You must agree to the terms and conditions.')).toBeInTheDocument();
    expect(postedBody(fetchMock)).toBeUndefined();

    fill(textbox(/Federal Tax ID/), '84-1234567');
    const owners = group('Owners');
    fill(textbox(/^SSN/, owners), '521-44-7788');
    fill(textbox(/Date of Birth/, owners), '1985-04-12');
    const settlement = group('Settlement');
    fill(textbox(/Routing Number/, settlement), '021000021');
    fill(textbox(/Account Number/, settlement), '000987654321');
    const mix = group('Transaction Mix');
    fill(within(mix).getByRole('textbox', { name: /Card Swiped/ }), '80');
    fill(within(mix).getByRole('textbox', { name: /Keyed/ }), '0');
    fill(within(mix).getByRole('textbox', { name: /Mail or Phone/ }), '0');
    fill(within(mix).getByRole('textbox', { name: /Internet/ }), '20');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
    await userEvent.click(submit);

    expect(await screen.findByText(CtaText.Submitted)).toBeInTheDocument();
    expect(postedBody(fetchMock)).toMatchObject({
      business: { dba_name: 'Fern & Fig Kitchen', fed_tx_id: '84-1234567', ownership_type: 'LLC Private' },
      owners: [
        { first_name: 'June', ssn: '521-44-7788', date_of_birth: '1985-04-12', ownership_percent: '100' },
      ],
      settlement: { routing_number: '021000021', account_number: '000987654321', account_type: 'checking' },
      transaction_mix: {
        card_swiped: '80',
        keyed_card_present_not_imprinted: '0',
        mail_or_phone_order: '0',
        internet: '20',
      },
      agreed: true,
    });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain(`token=${token}`);
  });

  it('shows the read-only result of an agreed application', async () => {
    stubFetch({
      [applicationPath]: ok({
        ...view,
        status: 'cta_signed',
        can_submit: false,
        agreed_at: '2025-06-15T09:00:00.000Z',
      }),
    });
    renderPage();
    expect(await screen.findByText('Application agreed')).toBeInTheDocument();
    expect(screen.getByText('Owner 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('ends the form when the server says it was already agreed', async () => {
    stubFetch({
      [applicationPath]: ok(view),
      [agreePath]: failure(409, 'CTA_ALREADY_AGREED', CtaText.AlreadyAgreed),
    });
    renderPage();
    await screen.findByRole('button', { name: 'Submit' });
    fill(textbox(/Federal Tax ID/), '841234567');
    const owners = group('Owners');
    fill(textbox(/^SSN/, owners), '521447788');
    fill(textbox(/Date of Birth/, owners), '1985-04-12');
    fill(textbox(/Routing Number/), '021000021');
    fill(textbox(/Account Number/), '000987654321');
    fill(textbox(/Card Swiped/), '100');
    for (const name of [/Keyed/, /Mail or Phone/, /Internet/]) fill(textbox(name), '0');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(new RegExp(CtaText.AlreadyAgreed))).toBeInTheDocument();
  });
});
