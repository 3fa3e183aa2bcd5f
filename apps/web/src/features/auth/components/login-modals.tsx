import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/modal';
import { type ExistingSignInMethod, signInMethodName } from '../utils/login-query.utils';
import { SignInToastText } from '../utils/sign-in-errors.utils';
import { EmailEntryModal } from './email-entry-modal';

export type LoginModal = 'none' | 'confirmation-sent' | 'retry' | 'email-entry';

type LoginModalsProps = {
  openModal: LoginModal;
  onClose: () => void;
  retryMethod: ExistingSignInMethod | null;
  onContinueWithExistingMethod: (method: ExistingSignInMethod) => void;
  onSendLoginLink: (email: string) => void;
  isSendingLoginLink: boolean;
  emailEntryError: string | null;
};

// The modals of the login page, loaded the first time one opens: Mantine's modal stack (focus trap,
// scroll lock, floating-ui) weighs ~30 kB gzipped, more than /login's budget has room for.
export function LoginModals({
  openModal,
  onClose,
  retryMethod,
  onContinueWithExistingMethod,
  onSendLoginLink,
  isSendingLoginLink,
  emailEntryError,
}: LoginModalsProps) {
  return (
    <>
      <ConfirmationSentModal isOpen={openModal === 'confirmation-sent'} onClose={onClose} />
      {retryMethod !== null && (
        <RetrySignInModal
          isOpen={openModal === 'retry'}
          method={retryMethod}
          onClose={onClose}
          onContinue={() => onContinueWithExistingMethod(retryMethod)}
        />
      )}
      <EmailEntryModal
        isOpen={openModal === 'email-entry'}
        onClose={onClose}
        description="We will send a login link to this address."
        submitLabel="Send Login Link"
        isSubmitting={isSendingLoginLink}
        error={emailEntryError}
        onSubmit={onSendLoginLink}
      />
    </>
  );
}

type ConfirmationSentModalProps = { isOpen: boolean; onClose: () => void };

// Shown after a social sign-in whose address the provider had not verified.
export function ConfirmationSentModal({ isOpen, onClose }: ConfirmationSentModalProps) {
  return (
    <Modal isOpen={isOpen} title="Confirm your email" onClose={onClose}>
      <Stack gap="md">
        <Text>{SignInToastText.ConfirmationSent}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type RetrySignInModalProps = {
  isOpen: boolean;
  method: ExistingSignInMethod;
  onClose: () => void;
  onContinue: () => void;
};

// The retry modal: the address belongs to an account created with another sign-in method;
// Continue signs in with that method, after which the new method is added to the account.
export function RetrySignInModal({ isOpen, method, onClose, onContinue }: RetrySignInModalProps) {
  const methodName = signInMethodName(method);
  return (
    <Modal isOpen={isOpen} title="You already have an account" onClose={onClose}>
      <Stack gap="md">
        <Text>{`Your account was created with ${methodName}.`}</Text>
        <Text size="sm" c="dimmed">
          {`Continue to sign in with ${methodName}; the sign-in method you just used is then added to your account.`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onContinue}>Continue</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
