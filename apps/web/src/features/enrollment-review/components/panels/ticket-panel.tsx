import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../../components/toasts';
import { portalEnv } from '../../../../lib/portal-env';
import { useSendTicket } from '../../api/send-ticket';

// Props: the enrollment the ticket is about.
type TicketPanelProps = { enrollmentId: string; businessName: string };

export const TicketText = {
  Sent: 'Email sent successfully',
  // The enrollment page's wording of a failed e-mail.
  Failed: 'Failed to send the email',
  NoSupportAddress: 'No support address is configured for tickets.',
} as const;

// Submit a Ticket: a subject and a message e-mailed to support (POST /api/email).
export function TicketPanel({ enrollmentId, businessName }: TicketPanelProps) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendTicket();
  const supportEmail = portalEnv.supportEmail;
  const canSend = supportEmail !== null && subject.trim() !== '' && message.trim() !== '';

  async function submit() {
    if (!supportEmail || !canSend) return;
    try {
      await send.mutateAsync({
        to: supportEmail,
        subject: subject.trim(),
        body: `Enrollment: ${businessName} (${enrollmentId})\n\n${message.trim()}`,
      });
      showToast({ text: TicketText.Sent, type: 'success' });
      setSubject('');
      setMessage('');
    } catch (error) {
      console.error('Ticket e-mail failed', error);
      showToast({ text: TicketText.Failed, type: 'danger' });
    }
  }

  return (
    <Stack gap="md">
      {supportEmail === null && <Alert color="orange">{TicketText.NoSupportAddress}</Alert>}
      <TextInput
        label="Subject"
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
      />
      <Textarea
        label="Message"
        rows={5}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
      <Button onClick={() => void submit()} disabled={!canSend} loading={send.isPending}>
        Submit
      </Button>
    </Stack>
  );
}
