import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { ConfiguratorText } from '@portico/contracts/virtual-terminals/terminal-configuration';
import { QrCodeImage } from '../../../components/qr-code-image';
import { showToast } from '../../../components/toasts';
import { copyText } from '../utils/clipboard';

type TerminalResultViewProps = {
  // The stored (server-signed) frame address and the terminal's short public address.
  iframeUrl: string;
  shortUrl: string;
  onChangeConfiguration: () => void;
  onUseVirtualTerminal: () => void;
};

async function copyLink(text: string) {
  if (await copyText(text)) await showToast({ text: ConfiguratorText.IframeLinkCopied, type: 'success' });
}

// The configurator's result view: Change Configuration, Copy iFrame Link, Copy shortened iFrame Link, Use New
// Virtual Terminal, and the saved terminal's short link.
export function TerminalResultView({
  iframeUrl,
  shortUrl,
  onChangeConfiguration,
  onUseVirtualTerminal,
}: TerminalResultViewProps) {
  return (
    <Stack gap="md" aria-label="Saved terminal">
      <Text fw={600}>{ConfiguratorText.Saved}</Text>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Shortened payment page link
        </Text>
        <Anchor href={shortUrl} target="_blank" rel="noopener" data-testid="terminal-short-link">
          {shortUrl}
        </Anchor>
        <QrCodeImage text={shortUrl} />
      </Stack>
      <Group>
        <Button variant="default" onClick={onChangeConfiguration}>
          Change Configuration
        </Button>
        <Button variant="default" onClick={() => void copyLink(iframeUrl)}>
          Copy iFrame Link
        </Button>
        <Button variant="default" onClick={() => void copyLink(shortUrl)}>
          Copy shortened iFrame Link
        </Button>
        <Button onClick={onUseVirtualTerminal}>Use New Virtual Terminal</Button>
      </Group>
    </Stack>
  );
}
