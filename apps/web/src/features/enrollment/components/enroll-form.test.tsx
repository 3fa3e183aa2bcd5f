import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import { SignedInSessionProvider } from '../../../lib/auth/session-context';
import { theme } from '../../../test/app-parts';
import { failure, ok, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { EnrollForm } from './enroll-form';
import { EnrollPage } from './enroll-page';

const summitId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const options = {
  '/api/approved-mcc-codes': ok({ '5812': 'Restaurants', '5411': 'Grocery Stores' }),
  '/api/parent-assignment': ok([{ parent_id: summitId, name: 'Summit Merchant Services' }]),
};

function postedBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function choose(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

const pdf = () => new File(['%PDF-1.4 agreement'], 'Agreement.pdf', { type: 'application/pdf' });

describe('EnrollForm', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('shows errors only after a field is touched and keeps Enroll disabled while invalid', async () => {
    stubFetch(options);
    renderFeature(<EnrollForm />, { role: 'user' });
    expect(screen.getByRole('heading', { name: 'Enroll' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Merchant', selected: true })).toBeInTheDocument();
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enroll' })).toBeDisabled());

    const email = screen.getByRole('textbox', { name: /Email Address/ });
    await userEvent.click(email);
    await userEvent.tab();
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.queryByText('Business Name (DBA) is required.')).not.toBeInTheDocument();
    await userEvent.type(email, 'not-an-email');
    expect(await screen.findByText('Invalid email address.')).toBeInTheDocument();
  });

  it('says why Enroll is disabled, naming what is left, before anything was touched', async () => {
    stubFetch(options);
    renderFeature(<EnrollForm />, { role: 'user' });
    const enroll = screen.getByRole('button', { name: 'Enroll' });
    await waitFor(() => expect(enroll).toBeDisabled());
    await waitFor(() =>
      expect(enroll).toHaveAccessibleDescription(
        'Enroll is disabled until these are fixed: Email is required. Parent is required. ' +
          'Business Name (DBA) is required. Legal Business Name is required. MCC Code is required.',
      ),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Email Address/ }), 'owner@juniper.example');
    await waitFor(() =>
      expect(enroll).toHaveAccessibleDescription(/^Enroll is disabled until these are fixed: Parent/),
    );
  });

  it('keeps Enroll disabled for a processor-audit user and says they have read-only access', async () => {
    stubFetch(options);
    renderFeature(<EnrollForm />, { role: 'admin', isProcessorAuditUser: true });
    const enroll = screen.getByRole('button', { name: 'Enroll' });
    expect(enroll).toBeDisabled();
    expect(enroll).toHaveAccessibleDescription('Processor-audit users have read-only access.');
  });

  it('labels MCC options and enrolls a merchant with interchange-plus pricing and a PDF agreement', async () => {
    const fetchMock = stubFetch({ ...options, 'POST /api/enroll': ok({ id: summitId }) });
    renderFeature(<EnrollForm />, { role: 'user' });

    await userEvent.type(screen.getByRole('textbox', { name: /Business Name \(DBA\)/ }), 'Juniper Bakery');
    await userEvent.type(screen.getByRole('textbox', { name: /Legal Business Name/ }), 'Juniper Bakery LLC');
    await userEvent.type(screen.getByRole('textbox', { name: /Email Address/ }), 'owner@juniper.example');
    await userEvent.click(screen.getByRole('combobox', { name: /MCC Code/ }));
    await screen.findByRole('option', { name: 'Restaurants #5812', hidden: true });
    const labels = screen
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent ?? '')
      .filter((label) => label.includes('#'));
    expect(labels).toEqual(['Grocery Stores #5411', 'Restaurants #5812']);
    await userEvent.click(screen.getByRole('option', { name: 'Restaurants #5812', hidden: true }));
    await choose(/Select Parent of Company/, 'Summit Merchant Services');
    await userEvent.upload(screen.getByLabelText('Custom Agreement Upload (PDF)'), pdf());

    expect(screen.getByRole('radio', { name: 'Flat Percent' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Card Percent Charge/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Interchange Plus' }));
    expect(screen.queryByRole('textbox', { name: /Card Percent Charge/ })).not.toBeInTheDocument();
    // Digits only: the letter and the dot are ignored.
    await userEvent.type(screen.getByRole('textbox', { name: /Interchange Basis Points/ }), '3a.5');
    await userEvent.type(screen.getByRole('textbox', { name: /Cents Per Transaction/ }), '10');
    // At most 2 decimals: the third is ignored.
    await userEvent.type(screen.getByRole('textbox', { name: /ACH Percent Charge/ }), '0.505');
    await userEvent.type(screen.getByRole('textbox', { name: /ACH Per Transaction Charge/ }), '$0.30');

    const enroll = screen.getByRole('button', { name: 'Enroll' });
    await waitFor(() => expect(enroll).toBeEnabled());
    expect(screen.queryByText(/^Enroll is disabled until/)).not.toBeInTheDocument();
    await userEvent.click(enroll);

    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([
      {
        application_type: 'Merchant',
        is_from_portal: true,
        email: 'owner@juniper.example',
        parent: summitId,
        document: { name: 'Agreement.pdf', extension: 'pdf', content: btoa('%PDF-1.4 agreement') },
        dba_name: 'Juniper Bakery',
        legal_name: 'Juniper Bakery LLC',
        mcc_code: '5812',
        level: 'Merchant',
        ach_rate: '0.50+0.30',
        card_rate: 'IC+35bps+10c',
      },
    ]);
  });

  it('confirms what was sent and to whom in place of the form until another application is started', async () => {
    stubFetch({ ...options, 'POST /api/enroll': ok({ id: summitId }) });
    renderFeature(<EnrollForm />, { role: 'user' });
    await userEvent.click(screen.getByRole('tab', { name: 'Agent' }));
    await userEvent.type(screen.getByRole('textbox', { name: /First Name/ }), 'Rosa');
    await userEvent.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Diaz');
    await userEvent.type(screen.getByRole('textbox', { name: /Principal Email/ }), 'rosa@agents.example');
    await choose(/Select Parent of Company/, 'Summit Merchant Services');
    await userEvent.click(screen.getByRole('button', { name: 'Enroll' }));

    const confirmation = await screen.findByRole('status', {
      name: 'Application sent to rosa@agents.example',
    });
    expect(confirmation).toHaveTextContent(
      'The agent application of Rosa Diaz is filed under Summit Merchant Services and waits for review.',
    );
    expect(screen.queryByRole('button', { name: 'Enroll' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /First Name/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Start another application' }));
    expect(screen.queryByText(/^Application sent to/)).toBeNull();
    expect(screen.getByRole('tab', { name: 'Agent', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Principal Email/ })).toHaveValue('');
  });

  it('keeps the form and names the support address when enrolling fails', async () => {
    stubFetch({ ...options, 'POST /api/enroll': failure(500, 'INTERNAL_ERROR', 'Something went wrong') });
    renderFeature(<EnrollForm />, { role: 'user' });
    await userEvent.click(screen.getByRole('tab', { name: 'Agent' }));
    await userEvent.type(screen.getByRole('textbox', { name: /First Name/ }), 'Rosa');
    await userEvent.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Diaz');
    await userEvent.type(screen.getByRole('textbox', { name: /Principal Email/ }), 'rosa@agents.example');
    await choose(/Select Parent of Company/, 'Summit Merchant Services');
    await userEvent.click(screen.getByRole('button', { name: 'Enroll' }));

    expect(await screen.findByText(/^Enrollment Failed - Please Retry Or Contact Us/)).toBeInTheDocument();
    expect(screen.queryByText(/^Application sent to/)).toBeNull();
    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('Rosa');
  });

  it('strips the partner ZIP, checks its format and refuses a non-PDF agreement', async () => {
    stubFetch(options);
    renderFeature(<EnrollForm />, { role: 'user' });
    await userEvent.click(screen.getByRole('tab', { name: 'Partner' }));
    expect(screen.getByText('Additional Partner Information')).toBeInTheDocument();
    const zip = screen.getByRole('textbox', { name: /Business Zip/ });
    await userEvent.type(zip, '97a2 0');
    await userEvent.tab();
    expect(zip).toHaveValue('9720');
    expect(await screen.findByText('Invalid ZIP code format.')).toBeInTheDocument();
    await userEvent.type(zip, '1-1234');
    await waitFor(() => expect(screen.queryByText('Invalid ZIP code format.')).not.toBeInTheDocument());

    const upload = screen.getByLabelText<HTMLInputElement>('Custom Agreement Upload (PDF)');
    expect(upload).toHaveAttribute('accept', '.pdf');
    fireEvent.change(upload, { target: { files: [new File(['x'], 'agreement.docx')] } });
    expect(await screen.findByText('Only PDF documents are allowed.')).toBeInTheDocument();
    expect(upload.value).toBe('');
  });

  it('resets the whole form when the tab changes', async () => {
    stubFetch(options);
    renderFeature(<EnrollForm />, { role: 'user' });
    await userEvent.type(screen.getByRole('textbox', { name: /Business Name \(DBA\)/ }), 'Juniper');
    await userEvent.click(screen.getByRole('radio', { name: 'Interchange Plus' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Partner' }));
    expect(screen.getByRole('textbox', { name: /^DBA/ })).toHaveValue('');
    await userEvent.click(screen.getByRole('tab', { name: 'Merchant' }));
    expect(screen.getByRole('textbox', { name: /Business Name \(DBA\)/ })).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Flat Percent' })).toBeChecked();
  });

  it('shows the fix-errors toast when submitted invalid (Enter key)', async () => {
    stubFetch(options);
    renderFeature(<EnrollForm />, { role: 'user' });
    await userEvent.type(screen.getByRole('textbox', { name: /Email Address/ }), 'a@b.example{Enter}');
    expect(
      await screen.findByText('Please fix the errors in the form before submitting.'),
    ).toBeInTheDocument();
  });
});

describe('EnrollPage guard', () => {
  it('sends a user without the Permissions permission to / with the MIMIC text', async () => {
    stubFetch(options);
    const user = buildSessionUser({ user_type: 'user', rbac_enabled: true });
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <SignedInSessionProvider
            session={{
              user,
              actingRole: 'user',
              viewAsClientId: null,
              isViewingAs: false,
              permissionsState: 'loaded',
              permissions: [],
              myClients: [],
              logout: async () => {},
            }}
          >
            <MemoryRouter initialEntries={['/enroll-portal-page']}>
              <Routes>
                <Route path="/enroll-portal-page" element={<EnrollPage />} />
                <Route path="/" element={<p>Landing</p>} />
              </Routes>
            </MemoryRouter>
            <ToastHost />
          </SignedInSessionProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('User does not have MIMIC permission.')).toBeInTheDocument();
    expect(screen.getByText('Landing')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enroll' })).not.toBeInTheDocument();
  });
});
