import { Alert, Button, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../../components/toasts';
import { portalEnv } from '../../../../lib/portal-env';
import { useSendRequestEmail } from '../../api/send-request-email';

export const RequestText = {
  // What a deactivation request says.
  Sent: 'Email sent successfully',
  Failed: 'Email failed to send',
  NoSupportAddress: 'No support address is configured for requests.',
} as const;

export const requestKinds = ['Deactivation', 'Deletion', 'Ticket'] as const;
type RequestKind = (typeof requestKinds)[number];

type RequestsPanelProps = {
  account: { id: string; name: string };
  // The requests offered; the account data page's Ticket panel offers the ticket alone.
  kinds?: readonly RequestKind[];
};

// Requests side panel: request deactivation, deletion or a ticket by e-mail to support (POST
// /api/email). Only the deactivation failure is shown (deletion and ticket failures are
// logged only).
export function RequestsPanel({ account, kinds = requestKinds }: RequestsPanelProps) {
  const [kind, setKind] = useState<RequestKind>(kinds[0] ?? 'Ticket');
  const [message, setMessage] = useState('');
  const send = useSendRequestEmail();
  const supportEmail = portalEnv.supportEmail;

  async function submit() {
    if (!supportEmail) return;
    try {
      await send.mutateAsync({
        to: supportEmail,
        subject: `${kind} request: ${account.name}`,
        body: `Account: ${account.name} (${account.id})\n\n${message.trim() || `${kind} requested.`}`,
      });
      showToast({ text: RequestText.Sent, type: 'success' });
      setMessage('');
    } catch (error) {
      console.error(`${kind} request e-mail failed`, error);
      if (kind === 'Deactivation') showToast({ text: RequestText.Failed, type: 'danger' });
    }
  }

  return (
    <Stack gap="md">
      {supportEmail === null && <Alert color="orange">{RequestText.NoSupportAddress}</Alert>}
      {kinds.length > 1 && (
        <SegmentedControl
          aria-label="Request"
          data={[...kinds]}
          value={kind}
          onChange={(value) => setKind(kinds.find((candidate) => candidate === value) ?? 'Ticket')}
        />
      )}
      <Textarea
        label="Message"
        rows={5}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
      <Button onClick={() => void submit()} disabled={supportEmail === null} loading={send.isPending}>
        Send Request
      </Button>
    </Stack>
  );
}
