import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { type OwnSession, OwnSessionsText } from '@portico/contracts/auth/own-sessions';
import { useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { SettingsSection } from '../../../components/settings-section';
import { Spinner } from '../../../components/spinner';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { useOwnSessions, useSignOutOthers } from '../api/own-sessions';

// Where the user is signed in, and one way to end every other sign-in (a lost laptop, a shared
// computer): the current session stays.
export function OwnSessionsSection() {
  const sessions = useOwnSessions();
  const signOutOthers = useSignOutOthers();
  const [isConfirming, setConfirming] = useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.isCurrent).length;

  function confirm() {
    signOutOthers.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        void showToast({ text: OwnSessionsText.SignedOutOthers, type: 'success' });
      },
      onError: (error) => {
        setConfirming(false);
        void showToast({
          text: error instanceof ApiError ? error.message : 'Something went wrong.',
          type: 'danger',
        });
      },
    });
  }

  return (
    <SettingsSection
      title={OwnSessionsText.Heading}
      description="Where you are signed in to Portico now. Sessions end after 15 minutes without activity."
    >
      {sessions.isPending ? (
        <Spinner label="Loading sessions" isLabelVisible />
      ) : sessions.isError ? (
        <Alert color="red" title="Something went wrong">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Your sessions could not be loaded.</Text>
            <Button size="xs" variant="default" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <SessionsTable sessions={sessions.data} />
          {isConfirming ? (
            <ConfirmBar
              message={`Sign out of ${others === 1 ? 'the other session' : `the ${others} other sessions`}? This one stays signed in.`}
              confirmLabel={OwnSessionsText.SignOutOthers}
              isConfirming={signOutOthers.isPending}
              onConfirm={confirm}
              onCancel={() => setConfirming(false)}
            />
          ) : (
            <Group>
              <Button variant="default" disabled={others === 0} onClick={() => setConfirming(true)}>
                {OwnSessionsText.SignOutOthers}
              </Button>
              {others === 0 && (
                <Text size="sm" c="dimmed">
                  You are signed in here only.
                </Text>
              )}
            </Group>
          )}
        </>
      )}
    </SettingsSection>
  );
}

function SessionsTable({ sessions }: { sessions: OwnSession[] }) {
  const { formatDateTime } = useDateTimeFormatters();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={OwnSessionsText.Heading} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Browser</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Signed in</Table.Th>
            <Table.Th>Last active</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={`${session.startedAt}-${session.device}-${session.ip}`}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{session.device}</Text>
                  {session.isCurrent && (
                    <Badge variant="light" color="green">
                      This session
                    </Badge>
                  )}
                  {session.isMimic && (
                    <Badge variant="light" color="gray">
                      Opened by staff
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{session.ip ?? 'Unknown'}</Table.Td>
              <Table.Td>{formatDateTime(session.startedAt)}</Table.Td>
              <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
