import { Alert } from '@mantine/core';
import { type EnrollmentRecord, welcomeEmailNotice } from '@portico/contracts/enrollment/enrollment-record';

// Welcome e-mail panel: the parent's switch is off, or on without any content.
export function WelcomeEmailNotice({ record }: { record: EnrollmentRecord }) {
  const notice = welcomeEmailNotice(record.enroll_email, record.w_enrollMessage);
  if (notice === null) return null;
  return (
    <Alert color="orange" title="Welcome Email">
      {notice}
    </Alert>
  );
}
