import { Button } from '@mantine/core';
import { useState } from 'react';
import { RecoveryCodesPanel } from '../../../components/recovery-codes-panel';
import { useEnrolmentStart } from '../api/post-enrolment-start';
import { EnrolmentSteps } from './enrolment-steps';

export const AuthenticatorSetUpText = { Start: 'Set up an authenticator app' } as const;

// A sign-in that waits for the user's first second factor: the authenticator app's set-up (QR code,
// then a code); the confirmed code finishes the sign-in, and the recovery codes are shown once before
// the portal opens.
export function AuthenticatorSetUpAtSignIn({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const start = useEnrolmentStart();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes !== null) return <RecoveryCodesPanel codes={codes} accountEmail={email} onDone={onSignedIn} />;
  if (start.isIdle) {
    return (
      <Button onClick={() => start.mutate()} w="fit-content">
        {AuthenticatorSetUpText.Start}
      </Button>
    );
  }
  return <EnrolmentSteps start={start} onConfirmed={setCodes} onCancel={() => start.reset()} />;
}
