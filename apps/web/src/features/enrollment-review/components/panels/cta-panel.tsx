// Props:
// - enrollmentId: the enrollment whose click-to-agree link is sent.
// - primaryEmail: the record's primary e-mail (enrollment email), or null when it has none.
// - onChanged: asks the page to refetch (the status becomes cta_sent).
import { Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { isValidEmailAddress, normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import {
  CtaErrorCode,
  CtaText,
  ctaRecipientsOf,
  ctaSendResponse,
  maxCtaRecipients,
} from '@portico/contracts/enrollment/click-to-agree';
import { EnrollText } from '@portico/contracts/enrollment/enroll';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../../../components/toasts';
import { ApiError, apiRequest } from '../../../../lib/api-client';

type CtaPanelProps = {
  enrollmentId: string;
  primaryEmail: string | null;
  onChanged?: () => void;
};

// POST /api/enroll/cta: the server signs the link and sends it; the browser never sees the link.
function sendCta(enrollmentId: string, recipients: string[] | undefined) {
  return apiRequest('/api/enroll/cta', {
    method: 'POST',
    schema: ctaSendResponse.shape.message,
    body: recipients === undefined ? { id: enrollmentId } : { id: enrollmentId, recipients },
  });
}

const emptyRecipients = (): string[] => Array.from({ length: maxCtaRecipients }, () => '');

function recipientError(entry: string): string | undefined {
  const address = normalizeEmailAddress(entry);
  return address === '' || isValidEmailAddress(address) ? undefined : EnrollText.EmailInvalid;
}

// 'Enrollment Click-to-Agree Form': up to 3 recipients (empty ones ignored)
// or a quick send to the primary e-mail; 'CTA Sent!' only when the server sent it.
export function CtaPanel({ enrollmentId, primaryEmail, onChanged }: CtaPanelProps) {
  const [recipients, setRecipients] = useState(emptyRecipients);
  const [touched, setTouched] = useState<boolean[]>(() => emptyRecipients().map(() => false));
  const send = useMutation({
    mutationFn: (list: string[] | undefined) => sendCta(enrollmentId, list),
    onSuccess: () => {
      showToast({ text: CtaText.Sent, type: 'success' });
      setRecipients(emptyRecipients());
      setTouched(emptyRecipients().map(() => false));
      onChanged?.();
    },
    onError: (error) => {
      const isNoEmail = error instanceof ApiError && error.code === CtaErrorCode.NoEmail;
      showToast({ text: isNoEmail ? CtaText.NoEmail : CtaText.SendFailed, type: 'danger' });
    },
  });
  const list = ctaRecipientsOf(recipients);
  const hasInvalidEntry = recipients.some((entry) => recipientError(entry) !== undefined);
  const canSend = list.kind === 'list' && !hasInvalidEntry && !send.isPending;

  function sendToRecipients() {
    if (list.kind !== 'list') {
      // With no recipient nothing is sent.
      console.info('CTA not sent: no recipient');
      return;
    }
    send.mutate(list.addresses);
  }

  function quickSend() {
    if (!primaryEmail || primaryEmail.trim() === '') {
      showToast({ text: CtaText.NoEmail, type: 'danger' });
      return;
    }
    send.mutate(undefined);
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        E-mail the applicant a link to complete the application and agree to the terms. The link works for
        this enrollment only and expires after 14 days.
      </Text>
      {recipients.map((entry, index) => (
        <TextInput
          // The three inputs never move, so their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed inputs
          key={index}
          type="email"
          label={`Recipient ${index + 1}`}
          value={entry}
          onChange={(event) => {
            const next = [...recipients];
            next[index] = event.currentTarget.value;
            setRecipients(next);
          }}
          onBlur={() => setTouched((before) => before.map((value, at) => value || at === index))}
          error={touched[index] ? recipientError(entry) : undefined}
        />
      ))}
      <Group>
        <Button
          onClick={sendToRecipients}
          disabled={!canSend}
          loading={send.isPending && send.variables !== undefined}
        >
          Send
        </Button>
      </Group>
      <Divider label="or" labelPosition="center" />
      <Stack gap={4}>
        <Text size="sm">
          Primary e-mail:{' '}
          <strong>{primaryEmail && primaryEmail.trim() !== '' ? primaryEmail : 'none on file'}</strong>
        </Text>
        <Group>
          <Button
            variant="light"
            onClick={quickSend}
            disabled={send.isPending}
            loading={send.isPending && send.variables === undefined}
          >
            Send to Primary Email
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
