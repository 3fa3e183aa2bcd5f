import { notifications } from '@mantine/notifications';
import { EnrollmentActionText } from '@portico/contracts/enrollment/enrollment-actions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../../test/fetch-stub';
import { renderFeature } from '../../../../test/render-feature';
import { CertificationPanel } from './certification-panel';

const enrollmentId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const clientId = '9a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const userId = '5e1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

function postedBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST' && init.body !== undefined)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function fillDeveloper() {
  await userEvent.type(screen.getByRole('textbox', { name: 'Developer Name' }), 'Dev Person');
  await userEvent.type(screen.getByRole('textbox', { name: 'Developer Email' }), 'Dev@Orbit.Example');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send Dev Email' })).toBeEnabled());
}

const enrolled = (environment: string) =>
  ok({ user_id: userId, client_id: clientId, environment, is_new_user: true });

describe('CertificationPanel', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('creates the sandbox and shows "Sandbox created" with the key masked', async () => {
    const fetchMock = stubFetch({
      'POST /api/createsandbox': ok({
        enrollment_id: enrollmentId,
        client_id: clientId,
        is_new_client: true,
        status: 'in_development',
        sandbox_api_key_last4: 'Qw3r',
      }),
    });
    const onChanged = vi.fn();
    renderFeature(<CertificationPanel enrollmentId={enrollmentId} clientId={null} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Sandbox' }));
    expect(await screen.findByText(EnrollmentActionText.SandboxCreated)).toBeInTheDocument();
    expect(screen.getByLabelText('Sandbox API key')).toHaveTextContent('Sandbox API key •••• Qw3r');
    expect(requestedPaths(fetchMock)).toEqual([`POST /api/createsandbox?id=${enrollmentId}`]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('enrolls the developer in sandbox and in production with their own toasts', async () => {
    const fetchMock = stubFetch({ 'POST /api/enroll/developer': enrolled('sandbox') });
    renderFeature(<CertificationPanel enrollmentId={enrollmentId} clientId={clientId} />);
    expect(screen.getByRole('button', { name: 'Enroll Dev in Sandbox' })).toBeDisabled();
    await fillDeveloper();
    await userEvent.click(screen.getByRole('button', { name: 'Enroll Dev in Sandbox' }));
    expect(await screen.findByText(EnrollmentActionText.DevEnrolledSandbox)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enroll Dev in Production' }));
    expect(await screen.findByText(EnrollmentActionText.DevEnrolledProduction)).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([
      { id: enrollmentId, name: 'Dev Person', email: 'dev@orbit.example', environment: 'sandbox' },
      { id: enrollmentId, name: 'Dev Person', email: 'dev@orbit.example', environment: 'production' },
    ]);
  });

  it('shows why production enrolment was refused, without a success toast', async () => {
    stubFetch({
      'POST /api/enroll/developer': failure(409, 'ENROLLMENT_NOT_APPROVED', EnrollmentActionText.NotApproved),
    });
    renderFeature(<CertificationPanel enrollmentId={enrollmentId} clientId={clientId} />);
    await fillDeveloper();
    await userEvent.click(screen.getByRole('button', { name: 'Enroll Dev in Production' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EnrollmentActionText.NotApproved);
    expect(screen.queryByText(EnrollmentActionText.DevEnrolledProduction)).not.toBeInTheDocument();
  });

  it('says "Dev email sent!" when the server sent it', async () => {
    const fetchMock = stubFetch({ 'POST /api/enroll/developer/email': ok({ delivery: 'sent' }) });
    renderFeature(<CertificationPanel enrollmentId={enrollmentId} clientId={clientId} />);
    await fillDeveloper();
    await userEvent.click(screen.getByRole('button', { name: 'Send Dev Email' }));
    expect(await screen.findByText(EnrollmentActionText.DevEmailSent)).toBeInTheDocument();
    expect(screen.queryByText(EnrollmentActionText.DevEmailNotSent)).not.toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([{ id: enrollmentId, email: 'dev@orbit.example' }]);
  });

  it('says "Dev email not sent!" when delivery failed', async () => {
    stubFetch({
      'POST /api/enroll/developer/email': failure(
        503,
        'EMAIL_NOT_DELIVERED',
        EnrollmentActionText.EmailNotDelivered,
      ),
    });
    renderFeature(<CertificationPanel enrollmentId={enrollmentId} clientId={clientId} />);
    await fillDeveloper();
    await userEvent.click(screen.getByRole('button', { name: 'Send Dev Email' }));
    expect(await screen.findByText(EnrollmentActionText.DevEmailNotSent)).toBeInTheDocument();
    expect(screen.getByText(EnrollmentActionText.EmailNotDelivered)).toBeInTheDocument();
    expect(screen.queryByText(EnrollmentActionText.DevEmailSent)).not.toBeInTheDocument();
  });
});
