import { Button, FileButton, Group, Paper, Text, Title } from '@mantine/core';
import { AccountText } from '@portico/contracts/clients/account-detail';
import { showToast } from '../../../components/toasts';
import { useUploadLogo } from '../api/upload-logo';
import { logoExtensionOf, readAsBase64 } from '../utils/logo.utils';

// Logo upload: png, jpeg and jpg only (the server checks the content too).
export function LogoUpload({
  clientId,
  hasLogo,
  canUpload,
}: {
  clientId: string;
  hasLogo: boolean;
  canUpload: boolean;
}) {
  const upload = useUploadLogo(clientId);

  async function send(file: File | null) {
    if (!file) return;
    const extension = logoExtensionOf(file.name);
    if (!extension) {
      showToast({ text: AccountText.LogoFailed, type: 'danger' });
      return;
    }
    try {
      await upload.mutateAsync({
        client_id: clientId,
        document: { name: file.name, extension, content: await readAsBase64(file) },
      });
      showToast({ text: AccountText.LogoUploaded, type: 'success' });
    } catch {
      showToast({ text: AccountText.LogoFailed, type: 'danger' });
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-section-logo">
      <Title order={3} size="h4" mb="sm" id="account-section-logo">
        Logo
      </Title>
      <Group>
        <Text size="sm">{hasLogo ? 'A logo is uploaded.' : 'No logo uploaded.'}</Text>
        {canUpload && (
          <FileButton onChange={(file) => void send(file)} accept="image/png,image/jpeg">
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending}>
                Upload Logo
              </Button>
            )}
          </FileButton>
        )}
      </Group>
    </Paper>
  );
}
