import { Badge } from '@mantine/core';
import { applicationStatusLabel, enrollmentStatusLabel } from '@portico/contracts/enrollment/enroll';
import {
  type EnrollmentRecord,
  enrollmentDisplayName,
} from '@portico/contracts/enrollment/enrollment-record';
import type { ReactNode } from 'react';
import { RecordHeader } from '../../../components/record-header';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import type { EnrollmentPageRights } from '../enrollment-panels';

type EnrollmentHeaderProps = {
  record: EnrollmentRecord;
  rights: EnrollmentPageRights;
  // The menus and the Edit and Save buttons.
  children: ReactNode;
};

// Header: status and business name; the parent, its white-label brand (staff) and the
// last activity for staff and parents.
export function EnrollmentHeader({ record, rights, children }: EnrollmentHeaderProps) {
  const { formatDateTime } = useDateTimeFormatters();
  // The parent by its name, which a person knows it by, not by its id.
  const parentLine = [
    `Parent: ${record.parent_name ?? 'None'}`,
    rights.canOpenStaffItems && record.white_label ? `White label: ${record.white_label}` : null,
    `Last activity: ${formatDateTime(record.updated_at)}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <RecordHeader
      title={enrollmentDisplayName(record)}
      badges={
        <>
          <Badge size="lg" tt="none" aria-label="Application status">
            {applicationStatusLabel(record.application_status)}
          </Badge>
          {record.status && (
            <Badge size="lg" tt="none" variant="light" color="gray" aria-label="Onboarding status">
              {enrollmentStatusLabel(record.status)}
            </Badge>
          )}
        </>
      }
      subtitle={rights.canSeeParentDetails ? parentLine : null}
    >
      {children}
    </RecordHeader>
  );
}
