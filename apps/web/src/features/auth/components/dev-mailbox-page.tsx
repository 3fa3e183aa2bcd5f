import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/time-zone/date-time-format';
import { type DevMailboxMessage, useDevMailbox } from '../api/get-dev-mailbox';
import { splitMailText } from '../utils/mail-text.utils';

const REFRESH_EVERY_MS = 3_000;

// /dev/mailbox: what the server would have e-mailed, in development without SMTP, so a newcomer can
// open their login link. The server answers 404 everywhere else.
export function DevMailboxPage() {
  const mailbox = useDevMailbox({ refetchIntervalMs: REFRESH_EVERY_MS });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h3">
          Development mailbox
        </Title>
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </Group>
      <MailboxBody mailbox={mailbox} />
    </Stack>
  );
}

function MailboxBody({ mailbox }: { mailbox: ReturnType<typeof useDevMailbox> }) {
  if (mailbox.isPending) return <Spinner label="Loading messages" isLabelVisible isCentered />;
  if (mailbox.isError) {
    const isOff = mailbox.error instanceof ApiError && mailbox.error.httpStatus === 404;
    return (
      <Alert
        color={isOff ? 'gray' : 'red'}
        title={isOff ? 'No mailbox on this server' : 'Something went wrong'}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {isOff
              ? 'The development mailbox exists only in development without SMTP_URL: e-mail is delivered for real here.'
              : mailbox.error.message}
          </Text>
          {!isOff && (
            <Button size="xs" variant="default" onClick={() => mailbox.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (mailbox.data.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No e-mail yet. Ask for a login link on the sign-in page; it appears here within seconds.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {mailbox.data.map((message) => (
        <MailboxMessage key={message.id} message={message} />
      ))}
    </Stack>
  );
}

function MailboxMessage({ message }: { message: DevMailboxMessage }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={message.subject}>
      <Text fw={600} size="sm">
        {message.subject}
      </Text>
      <Text size="xs" c="dimmed">
        {`To ${message.to.join(', ')} · ${formatDateTime(message.createdAt, Intl.DateTimeFormat().resolvedOptions().timeZone)}`}
      </Text>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {splitMailText(message.text ?? '').map((part, index) =>
          part.kind === 'link' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
            <Anchor key={index} href={part.href} size="sm">
              {part.href}
            </Anchor>
          ) : (
            part.text
          ),
        )}
      </Text>
    </Paper>
  );
}
