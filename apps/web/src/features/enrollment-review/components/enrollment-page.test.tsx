import type { UserType } from '@portico/contracts/auth/roles';
import type { EnrollmentRecord } from '@portico/contracts/enrollment/enrollment-record';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { buildEnrollmentRecord, fixtureIds } from '../enrollment-record.fixtures';
import type { EnrollmentPanelSlots } from './enrollment-drawer';
import { EnrollmentReviewPage } from './enrollment-page';

// The page holds some 150 inputs: skipping the accessibility-tree walk keeps role queries fast, and
// Mantine's floating dropdowns stay display:none under happy-dom (no layout, so the menu's anchor
// counts as hidden). Absent elements are absent from the DOM, so queryBy checks stay meaningful.
configure({ defaultHidden: true });

const processingTitles = [
  'Card Processing',
  'ACH',
  'Crypto',
  'Terminals',
  'Transaction Mix',
  'Risk',
  'Schedule A Fees',
];
const accountTitles = ['Business Information', 'Address', 'Contact', 'Owners', 'Settlement'];

const slots: EnrollmentPanelSlots = {
  notes: (record) => `notes of ${record.id}`,
  documents: (record) => `documents of ${record.id}`,
};

function renderPage({
  role = 'admin',
  record = buildEnrollmentRecord(),
  answers = {},
}: {
  role?: UserType;
  record?: EnrollmentRecord;
  answers?: Record<string, StubbedAnswer>;
} = {}) {
  const fetchMock = stubFetch({
    '/api/timezone': ok([['UTC', 'UTC']]),
    'GET /api/enroll': ok(record),
    'PATCH /api/enroll/edit': ok({ id: record.id, updated_at: '2026-11-13T09:00:00.000Z' }),
    ...answers,
  });
  renderFeature(
    <MemoryRouter initialEntries={[`/onboard/${record.id}`]}>
      <Routes>
        <Route path="/onboard/:id" element={<EnrollmentReviewPage slots={slots} />} />
      </Routes>
    </MemoryRouter>,
    { role },
  );
  return fetchMock;
}

function patchedMeta(fetchMock: ReturnType<typeof stubFetch>): unknown {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
  const body: unknown = JSON.parse(String(call?.[1]?.body));
  if (typeof body !== 'object' || body === null || !('meta' in body) || typeof body.meta !== 'string') {
    throw new Error('PATCH without meta');
  }
  return JSON.parse(body.meta);
}

// Menus open after a transition: wait for their first item.
async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }));
  await screen.findAllByRole('menuitem');
}

describe('EnrollmentPage header and role rules', () => {
  it('shows admin the status, name, parent name, last activity, every section and every menu', async () => {
    const fetchMock = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gulf Coast Marine Supply' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Application status')).toHaveTextContent('Pending');
    // The parent by name, never its id; the time in the user's zone, named.
    expect(screen.getByText(/^Parent: BlueRiver Payments Group/)).toHaveTextContent(
      'Last activity: 2026-11-12 20:30:00 UTC',
    );
    expect(screen.queryByText(new RegExp(fixtureIds.parent))).toBeNull();
    for (const title of [...accountTitles, ...processingTitles]) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Jump to' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(requestedPaths(fetchMock)).toContain(`GET /api/enroll?id=${fixtureIds.enrollment}`);

    await openMenu('Actions');
    for (const item of [
      'CTA Options',
      'Manage KYC',
      'View KYC',
      'Run KYC',
      'Approve or Reject Client',
      'Edit Hierarchy',
    ]) {
      expect(screen.getByRole('menuitem', { name: item })).toBeInTheDocument();
    }
  });

  it.each([
    ['BOARDED', 'Boarded'],
    ['REJECTED', 'Rejected'],
  ] as const)('no longer offers Approve or Reject Client once the application is %s', async (status, label) => {
    renderPage({ record: buildEnrollmentRecord({ application_status: status }) });
    expect(await screen.findByLabelText('Application status')).toHaveTextContent(label);
    await openMenu('Actions');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'CTA Options',
      'Manage KYC',
      'View KYC',
      'Run KYC',
      'Edit Hierarchy',
      'KYC Log',
      'Certification',
    ]);
  });

  it('shows a parent no processing section, no Jump-to or Actions menu, and Edit and Save', async () => {
    renderPage({ role: 'parent' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gulf Coast Marine Supply' }),
    ).toBeInTheDocument();
    for (const title of accountTitles)
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    for (const title of processingTitles) expect(screen.queryByRole('region', { name: title })).toBeNull();
    expect(screen.queryByLabelText('Card Rate')).toBeNull();
    expect(screen.queryByLabelText('Early Termination Fee ($)')).toBeNull();
    expect(screen.getByText(/^Parent: BlueRiver Payments Group · Last activity: /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Jump to' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();

    await openMenu('Open');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Users & Contacts', 'Terms and Conditions', 'Approved MCC Codes']);
  });

  it('gives white-label staff (healnow) the processing sections and the staff menus', async () => {
    renderPage({ role: 'healnow' });
    expect(await screen.findByRole('region', { name: 'Schedule A Fees' })).toBeInTheDocument();
    await openMenu('Open');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'IDs & Full Data',
      'Parent Account',
      'Notes',
      'Documents',
      'Users & Contacts',
      'Terms and Conditions',
      'Approved MCC Codes',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Approved MCC Codes' })).toHaveAttribute(
      'href',
      `/app/reports/mcc/${fixtureIds.parent}`,
    );
    expect(screen.getByRole('menuitem', { name: 'Parent Account' })).toHaveAttribute(
      'href',
      `/app/account/${fixtureIds.parent}`,
    );
    expect(screen.getByRole('menuitem', { name: 'Parent Account' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('menuitem', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      `/app/terms/${fixtureIds.enrollment}`,
    );
  });
});

describe('EnrollmentPage Jump-to menu', () => {
  it('scrolls to the chosen section of Account Details or Processing', async () => {
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    renderPage();
    await openMenu('Jump to');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Business Details',
      'Address',
      'Contact',
      'Ownership',
      'Settlement',
      'Cards',
      'ACH',
      'Crypto',
      'Terminals',
      'Settings and Fees',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Settings and Fees' }));
    expect(scrolled).toEqual(['enrollment-section-transaction-mix']);
    expect(document.getElementById('enrollment-section-transaction-mix')).toHaveTextContent(
      'Transaction Mix',
    );
  });
});

describe('EnrollmentPage masking', () => {
  it('shows sensitive numbers only as the masks the server sent, read-only by default', async () => {
    renderPage();
    // Four principals each have an SSN input: the first one holds the mask, the others are empty.
    const ssnInputs = await screen.findAllByRole('textbox', { name: 'SSN' });
    expect(ssnInputs).toHaveLength(4);
    expect(ssnInputs[0]).toHaveValue('***-**-6789');
    expect(ssnInputs[1]).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Federal Tax ID' })).toHaveValue('**-***4321');
    expect(screen.getByRole('textbox', { name: 'Account Number' })).toHaveValue('****5678');
    expect(screen.getByRole('textbox', { name: 'Routing Number' })).toHaveValue('*****0021');
    expect(screen.getAllByRole('textbox', { name: 'Date of Birth (YYYY-MM-DD)' })[0]).toHaveValue(
      '****-**-**',
    );
    expect(screen.getAllByRole('textbox', { name: 'City' })[0]).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Card Processor' })).toBeDisabled();
  });

  it('draws read-only fields filled, not as inputs, until Edit', async () => {
    renderPage();
    const city = (await screen.findAllByRole('textbox', { name: 'City' }))[0];
    expect(city).toHaveAttribute('data-variant', 'filled');
    expect(screen.getByRole('combobox', { name: 'Card Processor' })).toHaveAttribute(
      'data-variant',
      'filled',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getAllByRole('textbox', { name: 'City' })[0]).toHaveAttribute('data-variant', 'default');
    expect(screen.getByRole('combobox', { name: 'Card Processor' })).toHaveAttribute(
      'data-variant',
      'default',
    );
  });
});

describe('EnrollmentPage money', () => {
  it('shows amounts with the currency sign and thousands separators until Edit, then as typed', async () => {
    renderPage();
    const highTicket = await screen.findByRole('textbox', { name: 'High Ticket ($)' });
    expect(highTicket).toHaveValue('$2,500.00');
    expect(highTicket).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Monthly Fee ($)' })).toHaveValue('$14.95');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'High Ticket ($)' })).toHaveValue('2500.00');
    expect(screen.getByRole('textbox', { name: 'High Ticket ($)' })).not.toHaveAttribute('readonly');
  });
});

describe('EnrollmentPage edit and save', () => {
  it('saves after confirmation with the changed fields only, then shows Account Updated! read-only', async () => {
    const fetchMock = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const city = screen.getAllByRole('textbox', { name: 'City' })[0];
    if (!city) throw new Error('no City input');
    expect(city).not.toHaveAttribute('readonly');
    await userEvent.clear(city);
    await userEvent.type(city, 'Biloxi');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Early Termination Fee ($)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Early Termination Fee ($)' }), '450.00');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Card Pass to Consumer' }), 'Enabled');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const confirmation = await screen.findByRole('group', { name: 'Confirmation' });
    expect(confirmation).toHaveTextContent('Save the changes to this enrollment?');
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('PATCH'))).toBe(false);

    await userEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account Updated!')).toBeInTheDocument();
    // The masks were left alone, so they are not sent: the stored numbers stay as they are.
    expect(patchedMeta(fetchMock)).toEqual({
      id: fixtureIds.enrollment,
      business_city: 'Biloxi',
      card_p2c: true,
      etf: '450.00',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument());
    expect(screen.getAllByRole('textbox', { name: 'City' })[0]).toHaveAttribute('readonly');
    // The record is loaded again after the save.
    expect(requestedPaths(fetchMock).filter((path) => path.startsWith('GET /api/enroll'))).toHaveLength(2);
  });

  it('sends a new clear SSN typed over the mask, and nothing when cancelled', async () => {
    const fetchMock = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const ssn = screen.getAllByRole('textbox', { name: 'SSN' })[0];
    if (!ssn) throw new Error('no SSN input');
    await userEvent.clear(ssn);
    await userEvent.type(ssn, '123-45-9999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(await screen.findByRole('group', { name: 'Confirmation' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('PATCH'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(await screen.findByRole('group', { name: 'Confirmation' })).getByRole('button', {
        name: 'Save',
      }),
    );
    await screen.findByText('Account Updated!');
    expect(patchedMeta(fetchMock)).toEqual({ id: fixtureIds.enrollment, principal_ssn: '123-45-9999' });
  });

  it('shows the failure toast with the server message and stays in edit mode', async () => {
    renderPage({
      answers: {
        'PATCH /api/enroll/edit': failure(400, 'ENROLL_MCC_NOT_APPROVED', 'MCC Code is not approved.'),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const mcc = screen.getByRole('textbox', { name: 'MCC Code' });
    await userEvent.clear(mcc);
    await userEvent.type(mcc, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(await screen.findByRole('group', { name: 'Confirmation' })).getByRole('button', {
        name: 'Save',
      }),
    );
    expect(
      await screen.findByText('An error occurred while updating data: MCC Code is not approved.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'MCC Code' })).toHaveValue('1234');
  });

  it('names an invalid field under it and asks nothing until it is fixed', async () => {
    const fetchMock = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const zip = screen.getByRole('textbox', { name: 'ZIP Code' });
    await userEvent.clear(zip);
    await userEvent.type(zip, '3660');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid ZIP code format.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Confirmation' })).toBeNull();
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('PATCH'))).toBe(false);
  });

  it('lets a parent save the account sections without sending any processing field', async () => {
    const fetchMock = renderPage({ role: 'parent' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const website = screen.getByRole('textbox', { name: 'Website' });
    await userEvent.clear(website);
    await userEvent.type(website, 'https://gulf.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(await screen.findByRole('group', { name: 'Confirmation' })).getByRole('button', {
        name: 'Save',
      }),
    );
    await screen.findByText('Account Updated!');
    expect(patchedMeta(fetchMock)).toEqual({ id: fixtureIds.enrollment, website: 'https://gulf.example' });
  });
});

describe('EnrollmentPage welcome e-mail panel', () => {
  it('says the welcome e-mail is off at the parent level', async () => {
    renderPage({ record: buildEnrollmentRecord({ enroll_email: 'false', w_enrollMessage: null }) });
    expect(
      await screen.findByText('The Welcome Email is Turned off at the Parent Level'),
    ).toBeInTheDocument();
  });

  it('warns when the welcome e-mail is on without content', async () => {
    renderPage({ record: buildEnrollmentRecord({ enroll_email: 'custom', w_enrollMessage: null }) });
    expect(
      await screen.findByText(
        'Caution, the enrollment email is turned on at the parent level but the email has no content!',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing when the welcome e-mail is on with content', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Gulf Coast Marine Supply' });
    expect(screen.queryByText(/Welcome Email is Turned off/)).toBeNull();
    expect(screen.queryByText(/the email has no content/)).toBeNull();
  });
});

describe('EnrollmentPage side panels', () => {
  it('opens IDs & Full Data with the ids and the masked record', async () => {
    renderPage({ record: buildEnrollmentRecord({ client_id: null }) });
    await openMenu('Open');
    await userEvent.click(screen.getByRole('menuitem', { name: 'IDs & Full Data' }));
    const drawer = await screen.findByRole('dialog', { name: 'IDs & Full Data' });
    const ids = within(drawer).getByRole('table', { name: 'IDs' });
    expect(ids).toHaveTextContent(fixtureIds.enrollment);
    expect(ids).toHaveTextContent(fixtureIds.parent);
    expect(ids).toHaveTextContent('Not approved yet');
    expect(within(drawer).getByLabelText('Full Data')).toHaveTextContent('"principal_ssn": "***-**-6789"');
  });

  it.each([
    ['Notes', 'notes'],
    ['Documents', 'documents'],
  ])('opens the %s panel the app provides for the record', async (item, slot) => {
    renderPage();
    await openMenu('Open');
    await userEvent.click(screen.getByRole('menuitem', { name: item }));
    const drawer = await screen.findByRole('dialog', { name: item });
    expect(within(drawer).getByText(`${slot} of ${fixtureIds.enrollment}`)).toBeInTheDocument();
  });

  it("opens CTA Options with the record's primary e-mail for the quick send", async () => {
    renderPage();
    await openMenu('Actions');
    await userEvent.click(screen.getByRole('menuitem', { name: 'CTA Options' }));
    const drawer = await screen.findByRole('dialog', { name: 'Enrollment Click-to-Agree Form' });
    expect(within(drawer).getByText('owner@gulfcoastmarine.example')).toBeInTheDocument();
  });

  it('submits a ticket to the support address', async () => {
    const fetchMock = renderPage({ answers: { 'POST /api/email': ok({ recipients: 1 }) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit a Ticket' }));
    const drawer = await screen.findByRole('dialog', { name: 'Submit a Ticket' });
    const submit = within(drawer).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Subject' }), 'Bank letter');
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Message' }), 'Please call the owner.');
    await userEvent.click(submit);
    expect(await screen.findByText('Email sent successfully')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      to: 'support@portico.example',
      subject: 'Bank letter',
      body: `Enrollment: Gulf Coast Marine Supply (${fixtureIds.enrollment})\n\nPlease call the owner.`,
    });
  });
});
