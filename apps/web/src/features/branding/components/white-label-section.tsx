import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  ColorSwatch,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type WhiteLabel,
  WhiteLabelText,
  whiteLabelBody,
  whiteLabelColorProblem,
  whiteLabelLogoMaxBytes,
} from '@portico/contracts/branding/whitelabel';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showToast } from '../../../components/toasts';
import { readFileAsDataUrl } from '../../../lib/files/read-file-as-data-url';
import {
  useRemoveWhiteLabel,
  useRemoveWhiteLabelLogo,
  useSaveWhiteLabel,
  useUploadWhiteLabelLogo,
} from '../api/change-white-label';
import { useWhiteLabel } from '../api/get-white-label';

type WhiteLabelSectionProps = { clientId: string };

const acceptedLogoTypes = ['image/png', 'image/jpeg'];

// A parent's white label on its account page (staff): brand name, accent colour, logo.
export function WhiteLabelSection({ clientId }: WhiteLabelSectionProps) {
  const whiteLabel = useWhiteLabel(clientId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-section-white-label">
      <Title order={3} size="h4" mb={4} id="account-section-white-label">
        {WhiteLabelText.SectionTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {WhiteLabelText.SectionIntro}
      </Text>
      {whiteLabel.isPending && <Text size="sm">Loading the white label…</Text>}
      {whiteLabel.isError && (
        <Alert color="red" title="The white label could not be loaded.">
          {whiteLabel.error.message}
        </Alert>
      )}
      {whiteLabel.isSuccess && (
        <WhiteLabelForm
          key={JSON.stringify(whiteLabel.data)}
          clientId={clientId}
          whiteLabel={whiteLabel.data}
        />
      )}
    </Paper>
  );
}

type FormInput = z.input<typeof whiteLabelBody>;
type FormValues = z.output<typeof whiteLabelBody>;

function WhiteLabelForm({ clientId, whiteLabel }: { clientId: string; whiteLabel: WhiteLabel | null }) {
  const save = useSaveWhiteLabel(clientId);
  const remove = useRemoveWhiteLabel(clientId);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(whiteLabelBody),
    defaultValues: { entity_name: whiteLabel?.entity_name ?? '', color: whiteLabel?.color ?? '' },
  });
  const color = form.watch('color');
  const colorProblem = color ? whiteLabelColorProblem(color) : null;
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync(values);
      showToast({ text: WhiteLabelText.Saved, type: 'success' });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <Stack gap="sm">
      {!whiteLabel && <Text size="sm">{WhiteLabelText.NotSet}</Text>}
      <form
        aria-label={WhiteLabelText.SectionTitle}
        onSubmit={(event) => {
          if (colorProblem) {
            event.preventDefault();
            return;
          }
          void submit(event);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={WhiteLabelText.EntityNameLabel}
            required
            {...form.register('entity_name')}
            error={form.formState.errors.entity_name?.message}
          />
          <TextInput
            label={WhiteLabelText.ColorLabel}
            description={WhiteLabelText.ColorHint}
            required
            placeholder="#1f6f68"
            leftSection={color && !colorProblem ? <ColorSwatch color={color} size={18} aria-hidden /> : null}
            {...form.register('color')}
            error={colorProblem ?? form.formState.errors.color?.message}
          />
        </SimpleGrid>
        {serverError && (
          <Alert color="red" mt="sm" role="alert">
            {serverError}
          </Alert>
        )}
        <Group mt="sm" gap="sm">
          <Button type="submit" loading={save.isPending}>
            {WhiteLabelText.Save}
          </Button>
          {whiteLabel && (
            <Button
              variant="default"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => showToast({ text: WhiteLabelText.Removed, type: 'success' }),
                  onError: (error) => showToast({ text: error.message, type: 'danger' }),
                })
              }
            >
              {WhiteLabelText.RemoveWhiteLabel}
            </Button>
          )}
        </Group>
      </form>
      {whiteLabel && <WhiteLabelLogo clientId={clientId} whiteLabel={whiteLabel} />}
    </Stack>
  );
}

function WhiteLabelLogo({ clientId, whiteLabel }: { clientId: string; whiteLabel: WhiteLabel }) {
  const upload = useUploadWhiteLabelLogo(clientId);
  const removeLogo = useRemoveWhiteLabelLogo(clientId);
  const [logoError, setLogoError] = useState<string | null>(null);

  async function send(file: File | null) {
    if (!file) return;
    setLogoError(null);
    // The same rules as the server's, told before the upload; the server checks the bytes.
    if (!acceptedLogoTypes.includes(file.type)) return setLogoError(WhiteLabelText.LogoWrongType);
    if (file.size > whiteLabelLogoMaxBytes) return setLogoError(WhiteLabelText.LogoTooLarge);
    try {
      await upload.mutateAsync({
        document: {
          name: file.name,
          extension: file.name.split('.').pop() ?? '',
          content: await readFileAsDataUrl(file),
        },
      });
      showToast({ text: WhiteLabelText.LogoSaved, type: 'success' });
    } catch (error) {
      setLogoError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Box>
      <Text size="sm" fw={500}>
        {WhiteLabelText.LogoLabel}
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {WhiteLabelText.LogoHint}
      </Text>
      <Group gap="sm" wrap="wrap">
        {whiteLabel.logo_url ? (
          <Image
            src={whiteLabel.logo_url}
            alt={`${whiteLabel.entity_name} logo`}
            h={40}
            w="auto"
            maw={200}
            fit="contain"
          />
        ) : (
          <Text size="sm">{WhiteLabelText.NoLogo}</Text>
        )}
        <FileButton onChange={(file) => void send(file)} accept="image/png,image/jpeg">
          {(props) => (
            <Button {...props} variant="light" loading={upload.isPending}>
              {WhiteLabelText.UploadLogo}
            </Button>
          )}
        </FileButton>
        {whiteLabel.logo_url && (
          <Button
            variant="default"
            loading={removeLogo.isPending}
            onClick={() =>
              removeLogo.mutate(undefined, {
                onSuccess: () => showToast({ text: WhiteLabelText.LogoRemoved, type: 'success' }),
              })
            }
          >
            {WhiteLabelText.RemoveLogo}
          </Button>
        )}
      </Group>
      {logoError && (
        <Alert color="red" mt="sm" role="alert">
          {logoError}
        </Alert>
      )}
    </Box>
  );
}
