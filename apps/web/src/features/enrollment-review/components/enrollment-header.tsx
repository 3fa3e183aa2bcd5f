import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  type EnrollmentRecord,
  enrollmentDisplayName,
} from '@portico/contracts/enrollment/enrollment-record';
import { type ReactNode, useMemo } from 'react';
import type { EnrollmentPageRights } from '../enrollment-panels';

type EnrollmentHeaderProps = {
  record: EnrollmentRecord;
  rights: EnrollmentPageRights;
  timeZone: string;
  // The menus and the Edit and Save buttons.
  children: ReactNode;
};

// Spec 2 §2.1 header: status and business name; parent id and last activity for admin, parents and
// white-label staff; the parent's name and brand for staff.
export function EnrollmentHeader({ record, rights, timeZone, children }: EnrollmentHeaderProps) {
  // Spec 2 §9: US long format with 12-hour time.
  const lastActivity = useMemo(
    () =>
      new Intl.DateTimeFormat('en-US', {
        dateStyle: 'long',
        timeStyle: 'short',
        hour12: true,
        timeZone,
      }).format(new Date(record.updated_at)),
    [record.updated_at, timeZone],
  );
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <Badge size="lg" aria-label="Application status">
            {record.application_status ?? 'NEW'}
          </Badge>
          {record.status && (
            <Badge size="lg" variant="light" color="gray" aria-label="Onboarding status">
              {record.status}
            </Badge>
          )}
        </Group>
        <Title order={1}>{enrollmentDisplayName(record)}</Title>
        {rights.canSeeParentDetails && (
          <Text size="sm" c="dimmed">
            Parent ID: {record.parent_id ?? 'None'} · Last activity: {lastActivity}
          </Text>
        )}
        {rights.canOpenStaffItems && record.parent_name && (
          <Text size="sm" c="dimmed">
            Parent: {record.parent_name}
            {record.white_label ? ` · White label: ${record.white_label}` : ''}
          </Text>
        )}
      </Stack>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}
