// Props:
// - enrollmentId: the enrollment the page shows.
// - applicationStatus: its application_status (null while New); once BOARDED or REJECTED the decision
//   is final and neither button is offered.
// - onChanged: asks the page to refetch after an approval or a rejection.
import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type ApplicationStatus, applicationStatusLabel } from '@portico/contracts/enrollment/enroll';
import {
  EnrollmentActionText,
  isAwaitingDecision,
  rejectReasonMaxLength,
} from '@portico/contracts/enrollment/enrollment-actions';
import { useState } from 'react';
import { ConfirmBar } from '../../../../components/confirm-bar';
import { showToast } from '../../../../components/toasts';
import { useApproveEnrollment } from '../../api/approve-enrollment';
import { useRejectEnrollment } from '../../api/reject-enrollment';
import { actionFailureText, maskedKey } from '../../utils/enrollment-actions.utils';

type ApproveRejectPanelProps = {
  enrollmentId: string;
  applicationStatus: ApplicationStatus | null;
  onChanged?: () => void;
};

type Decision = 'approve' | 'reject';

// Approving gives the client a live production API key, rejecting bars it from
// production payments; each asks for confirmation, a rejection with an optional reason the applicant
// is told. The toasts show only when the server did it. A decided application offers neither.
export function ApproveRejectPanel({ enrollmentId, applicationStatus, onChanged }: ApproveRejectPanelProps) {
  const approve = useApproveEnrollment();
  const reject = useRejectEnrollment();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  // The status the server answered last, until the page refetches its record.
  const [decided, setDecided] = useState<ApplicationStatus | null>(null);
  const status = decided ?? applicationStatus;
  const isBusy = approve.isPending || reject.isPending;

  function confirm(decision: Decision) {
    setFailure(null);
    const handlers = {
      onError: (error: unknown) => setFailure(actionFailureText(error)),
      onSettled: () => setAsking(null),
    };
    if (decision === 'approve') {
      approve.mutate(enrollmentId, {
        ...handlers,
        onSuccess: () => {
          setDecided('BOARDED');
          void showToast({ text: EnrollmentActionText.Approved, type: 'success' });
          onChanged?.();
        },
      });
      return;
    }
    reject.mutate(
      { id: enrollmentId, reason },
      {
        ...handlers,
        onSuccess: () => {
          setDecided('REJECTED');
          void showToast({ text: EnrollmentActionText.Rejected, type: 'success' });
          onChanged?.();
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">Application status:</Text>
        <Badge tt="none" aria-label="Application status">
          {applicationStatusLabel(status)}
        </Badge>
      </Group>
      {approve.data && decided === 'BOARDED' && (
        <Alert color="green" title="Account enabled">
          Production API key {maskedKey(approve.data.api_key_last4)} · public key {approve.data.public_key}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {asking === 'reject' && (
        <Textarea
          label="Reason for the applicant (optional)"
          description="Sent to the applicant in the rejection e-mail."
          value={reason}
          maxLength={rejectReasonMaxLength}
          rows={2}
          disabled={isBusy}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      )}
      {asking ? (
        <ConfirmBar
          message={
            asking === 'approve' ? EnrollmentActionText.ConfirmApprove : EnrollmentActionText.ConfirmReject
          }
          confirmLabel={asking === 'approve' ? 'Approve' : 'Reject'}
          isDanger={asking === 'reject'}
          isConfirming={isBusy}
          onConfirm={() => confirm(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : isAwaitingDecision(status) ? (
        <Group>
          <Button onClick={() => setAsking('approve')}>Approve Client</Button>
          <Button color="red" variant="light" onClick={() => setAsking('reject')}>
            Reject Client
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {EnrollmentActionText.Decided}
        </Text>
      )}
    </Stack>
  );
}
