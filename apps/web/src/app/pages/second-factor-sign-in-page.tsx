import { Divider } from '@mantine/core';
import { SecondFactorPage, SecondFactorPageText } from '../../features/auth/components/second-factor-page';
import { PasskeySetUpAtSignIn } from '../../features/passkeys/components/passkey-set-up-at-sign-in';
import { AuthenticatorSetUpAtSignIn } from '../../features/second-factor/components/authenticator-set-up-at-sign-in';

// /second-factor: the sign-in's second step; a user who must have a second factor and has none sets
// one up here, an authenticator app or a passkey, each owned by its feature.
export function SecondFactorSignInPage() {
  return (
    <SecondFactorPage
      renderSetUp={(signIn) => (
        <>
          <AuthenticatorSetUpAtSignIn {...signIn} />
          <Divider label={SecondFactorPageText.Or} labelPosition="center" />
          <PasskeySetUpAtSignIn {...signIn} />
        </>
      )}
    />
  );
}
