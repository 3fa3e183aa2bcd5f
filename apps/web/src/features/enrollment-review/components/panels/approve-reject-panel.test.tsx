import { notifications } from '@mantine/notifications';
import { EnrollmentActionText } from '@portico/contracts/enrollment/enrollment-actions';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubFetch } from '../../../../test/fetch-stub';
import { renderFeature } from '../../../../test/render-feature';
import { ApproveRejectPanel } from './approve-reject-panel';

const enrollmentId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const clientId = '9a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

function sentBodies(fetchMock: ReturnType<typeof stubFetch>, method: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('ApproveRejectPanel', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('asks before approving, then shows "Approved!" and the masked key once the server approved', async () => {
    const fetchMock = stubFetch({
      'PATCH /api/enroll/approve': ok({
        enrollment_id: enrollmentId,
        client_id: clientId,
        application_status: 'BOARDED',
        status: 'Active',
        is_new_client: true,
        public_key: 'pk_live_public',
        api_key_last4: 'x9Z2',
      }),
    });
    const onChanged = vi.fn();
    renderFeature(
      <ApproveRejectPanel enrollmentId={enrollmentId} applicationStatus="PENDING" onChanged={onChanged} />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Approve Client' }));
    expect(screen.getByRole('group', { name: 'Confirmation' })).toHaveTextContent(
      EnrollmentActionText.ConfirmApprove,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Approve Client' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(EnrollmentActionText.Approved)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH')).toEqual([{ id: enrollmentId }]);
    expect(screen.getByText(/Production API key •••• x9Z2/)).toBeInTheDocument();
    expect(screen.getByLabelText('Application status')).toHaveTextContent('Boarded');
    expect(screen.queryByRole('button', { name: 'Approve Client' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject Client' })).toBeNull();
    expect(screen.getByText(EnrollmentActionText.Decided)).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal and no "Approved!" when the server refuses', async () => {
    stubFetch({
      'PATCH /api/enroll/approve': failure(422, 'KYC_REQUIRED', EnrollmentActionText.RunKycFirst),
    });
    const onChanged = vi.fn();
    renderFeature(
      <ApproveRejectPanel enrollmentId={enrollmentId} applicationStatus={null} onChanged={onChanged} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve Client' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EnrollmentActionText.RunKycFirst);
    expect(screen.queryByText(EnrollmentActionText.Approved)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Application status')).toHaveTextContent('New');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('asks before rejecting, then shows "Reject Successful"', async () => {
    const fetchMock = stubFetch({
      'PATCH /api/enroll/reject': ok({
        enrollment_id: enrollmentId,
        client_id: null,
        application_status: 'REJECTED',
      }),
    });
    renderFeature(<ApproveRejectPanel enrollmentId={enrollmentId} applicationStatus="PENDING" />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject Client' }));
    expect(screen.getByRole('group', { name: 'Confirmation' })).toHaveTextContent(
      EnrollmentActionText.ConfirmReject,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(EnrollmentActionText.Rejected)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH')).toEqual([{ id: enrollmentId }]);
    expect(screen.queryByRole('button', { name: 'Reject Client' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve Client' })).toBeNull();
  });

  it('sends the reason typed for the applicant with the rejection', async () => {
    const fetchMock = stubFetch({
      'PATCH /api/enroll/reject': ok({
        enrollment_id: enrollmentId,
        client_id: null,
        application_status: 'REJECTED',
      }),
    });
    renderFeature(<ApproveRejectPanel enrollmentId={enrollmentId} applicationStatus="PENDING" />);
    expect(screen.queryByRole('textbox', { name: /Reason for the applicant/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Client' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: /Reason for the applicant/ }),
      '  Outside our processing policy. ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(EnrollmentActionText.Rejected)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH')).toEqual([
      { id: enrollmentId, reason: 'Outside our processing policy.' },
    ]);
  });

  it('shows no "Reject Successful" when the rejection fails', async () => {
    stubFetch({
      'PATCH /api/enroll/reject': failure(
        409,
        'ENROLLMENT_ALREADY_REJECTED',
        EnrollmentActionText.AlreadyRejected,
      ),
    });
    renderFeature(<ApproveRejectPanel enrollmentId={enrollmentId} applicationStatus="PENDING" />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject Client' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EnrollmentActionText.AlreadyRejected);
    expect(screen.queryByText(EnrollmentActionText.Rejected)).not.toBeInTheDocument();
  });

  it.each([
    ['BOARDED', 'Boarded'],
    ['REJECTED', 'Rejected'],
  ] as const)('offers neither decision once the application is %s', (status, label) => {
    const fetchMock = stubFetch({});
    renderFeature(<ApproveRejectPanel enrollmentId={enrollmentId} applicationStatus={status} />);
    expect(screen.getByLabelText('Application status')).toHaveTextContent(label);
    expect(screen.queryByRole('button', { name: 'Approve Client' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject Client' })).toBeNull();
    expect(screen.getByText(EnrollmentActionText.Decided)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    null,
    'SEND LINK',
    'PENDING',
  ] as const)('offers both decisions while the application is %s', (status) => {
    stubFetch({});
    renderFeature(<ApproveRejectPanel enrollmentId={enrollmentId} applicationStatus={status} />);
    expect(screen.getByRole('button', { name: 'Approve Client' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject Client' })).toBeEnabled();
  });
});
