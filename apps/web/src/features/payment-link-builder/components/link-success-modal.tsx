import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/modal';
import { QrCodeImage } from '../../../components/qr-code-image';

type LinkSuccessModalProps = {
  link: { url: string; shortUrl: string | null } | null;
  onClose: () => void;
};

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    // Clipboard failures are only logged.
    console.warn('Clipboard write failed', error);
  }
}

// The success modal shows the link and its QR code.
export function LinkSuccessModal({ link, onClose }: LinkSuccessModalProps) {
  return (
    <Modal isOpen={link !== null} title="Your payment link" onClose={onClose}>
      {link !== null && (
        <Stack gap="sm">
          <Text size="sm">Share this link with your customer:</Text>
          {link.shortUrl !== null && (
            <Anchor href={link.shortUrl} target="_blank" rel="noopener" data-testid="short-payment-link">
              {link.shortUrl}
            </Anchor>
          )}
          <Anchor
            href={link.url}
            target="_blank"
            rel="noopener"
            size="xs"
            style={{ wordBreak: 'break-all' }}
            data-testid="payment-link"
          >
            {link.url}
          </Anchor>
          <QrCodeImage text={link.shortUrl ?? link.url} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void copy(link.shortUrl ?? link.url)}>
              Copy Link
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
