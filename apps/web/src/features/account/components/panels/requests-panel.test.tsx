import type { AccountDetail } from '@portico/contracts/clients/account-detail';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, ok, stubFetch } from '../../../../test/fetch-stub';
import { renderFeature } from '../../../../test/render-feature';
import { RequestsPanel, RequestText } from './requests-panel';

vi.mock('../../../../lib/portal-env', () => ({ portalEnv: { supportEmail: 'support@portico.example' } }));

function emailBody(fetchMock: ReturnType<typeof stubFetch>): unknown {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(call?.[1]?.body));
}

describe('RequestsPanel', () => {
  it('e-mails a deactivation request to support and says so', async () => {
    const fetchMock = stubFetch({ 'POST /api/email': ok({ recipients: 1 }) });
    renderFeature(<RequestsPanel account={buildStub()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText(RequestText.Sent)).toBeInTheDocument();
    expect(emailBody(fetchMock)).toMatchObject({
      to: 'support@portico.example',
      subject: 'Deactivation request: Maple Street Hardware',
    });
  });

  it('shows the failure of a deactivation request', async () => {
    stubFetch({ 'POST /api/email': failure(503, 'EMAIL_NOT_DELIVERED', 'down') });
    renderFeature(<RequestsPanel account={buildStub()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText(RequestText.Failed)).toBeInTheDocument();
  });

  it("offers the ticket alone when asked (the account data page's Ticket panel)", async () => {
    const fetchMock = stubFetch({ 'POST /api/email': ok({ recipients: 1 }) });
    renderFeature(
      <RequestsPanel account={{ id: buildStub().id, name: 'Maple Street Hardware' }} kinds={['Ticket']} />,
    );
    expect(screen.queryByRole('radiogroup', { name: 'Request' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Terminal offline');
    await userEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText(RequestText.Sent)).toBeInTheDocument();
    expect(emailBody(fetchMock)).toMatchObject({
      to: 'support@portico.example',
      subject: 'Ticket request: Maple Street Hardware',
      body: expect.stringContaining('Terminal offline'),
    });
  });
});

function buildStub(): AccountDetail {
  return {
    id: '7c1f0c0e-3f0a-4b8e-9a3e-0c8b9d2a1f00',
    name: 'Maple Street Hardware',
    level: 'Merchant',
    parent: null,
    enrollment_id: null,
    updated_at: '2026-11-01T10:00:00.000Z',
    mid: null,
    public_key: 'pub',
    api_key: null,
    has_logo: false,
    logo: null,
    country: 'US',
    keystore: null,
    wallet: null,
    mccConfigs: null,
    whitelabel: null,
    location_custom_fields: null,
    fields: {},
    view: {
      sections: [],
      editable_sections: [],
      can_edit: false,
      can_reveal: false,
      is_staff: false,
      can_change_parent: false,
      can_change_level: false,
      shows_full_data: false,
      shows_review_links: false,
      shows_enablement_options: false,
      shows_payment_page: false,
      shows_users_contacts: false,
      keystore_fields: [],
    },
  };
}
