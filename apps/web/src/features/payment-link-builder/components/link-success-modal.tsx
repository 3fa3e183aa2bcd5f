import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/modal';

type LinkSuccessModalProps = {
  url: string | null;
  onClose: () => void;
};

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    // Spec 3 §8: clipboard failures are only logged.
    console.warn('Clipboard write failed', error);
  }
}

// Spec 3 §2: the success modal shows the link (and its QR code once the QR service answers it).
export function LinkSuccessModal({ url, onClose }: LinkSuccessModalProps) {
  return (
    <Modal isOpen={url !== null} title="Your payment link" onClose={onClose}>
      {url !== null && (
        <Stack gap="sm">
          <Text size="sm">Share this link with your customer:</Text>
          <Anchor
            href={url}
            target="_blank"
            rel="noopener"
            style={{ wordBreak: 'break-all' }}
            data-testid="payment-link"
          >
            {url}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void copy(url)}>
              Copy Link
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
