import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type SubLocation, SubLocationText } from '@portico/contracts/access/sub-locations';
import { type ProcessorName, processorLabels } from '@portico/contracts/common/processors';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useMidOverrideOptions, useUpdateSubLocation } from '../api/sub-locations';
import { editedLocationBody, type LocationDraft, locationDraftOf } from '../utils/sub-location-draft.utils';

type Props = { merchantId: string; location: SubLocation; onClose: () => void };

// Edit Sub-Location: name, phone, address, custom fields by the merchant's definitions
// and a MID override per processor; the server's error text shows in the modal.
export function SubLocationModal({ merchantId, location, onClose }: Props) {
  const [draft, setDraft] = useState<LocationDraft>(() => locationDraftOf(location));
  const options = useMidOverrideOptions(merchantId);
  const update = useUpdateSubLocation();
  const fields = location.merchant.merchant_sub_entity_custom_fields;
  const set = (change: Partial<LocationDraft>) => setDraft((current) => ({ ...current, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { merchantId, id: location.id, body: editedLocationBody(draft, location) },
      {
        onSuccess: () => {
          void showToast({ text: SubLocationText.Saved, type: 'success' });
          onClose();
        },
      },
    );
  }

  // The processors offered: the merchant's, and any this location already overrides.
  const processors: ProcessorName[] = [
    ...new Set([
      ...(options.data ?? []).map((option) => option.payment_processor),
      ...location.mid_overrides.map((override) => override.payment_processor),
    ]),
  ];

  return (
    <Modal isOpen title={SubLocationText.EditTitle} onClose={onClose} isLarge>
      <Stack component="form" gap="md" onSubmit={submit}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            required
            value={draft.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={draft.phone}
            onChange={(event) => set({ phone: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Fieldset legend="Address">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Address line 1"
              value={draft.address1}
              onChange={(event) => set({ address1: event.currentTarget.value })}
            />
            <TextInput
              label="Address line 2"
              value={draft.address2}
              onChange={(event) => set({ address2: event.currentTarget.value })}
            />
            <TextInput
              label="City"
              value={draft.city}
              onChange={(event) => set({ city: event.currentTarget.value })}
            />
            <Group grow gap="sm">
              <TextInput
                label="State"
                value={draft.st}
                onChange={(event) => set({ st: event.currentTarget.value })}
              />
              <TextInput
                label="ZIP"
                inputMode="numeric"
                value={draft.zip}
                onChange={(event) => set({ zip: event.currentTarget.value })}
              />
            </Group>
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Custom fields">
          {fields.length === 0 ? (
            <Text size="sm">This merchant defines no custom fields for its locations.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {fields.map((field) => (
                <TextInput
                  key={field.name}
                  label={field.name}
                  inputMode={field.type === 'number' ? 'decimal' : undefined}
                  description={field.type === 'number' ? 'A number' : undefined}
                  value={draft.customFields[field.name] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft((current) => ({
                      ...current,
                      customFields: { ...current.customFields, [field.name]: value },
                    }));
                  }}
                />
              ))}
            </SimpleGrid>
          )}
        </Fieldset>
        <Fieldset legend="MID overrides">
          {processors.length === 0 ? (
            <Text size="sm">The merchant runs on no processor yet.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {processors.map((processor) => {
                const own = options.data?.find((o) => o.payment_processor === processor)?.merchant_identifier;
                return (
                  <TextInput
                    key={processor}
                    label={`${processorLabels[processor]} MID`}
                    description={own ? `Empty: the merchant's own (${own})` : "Empty: the merchant's own"}
                    value={draft.mids[processor] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setDraft((current) => ({ ...current, mids: { ...current.mids, [processor]: value } }));
                    }}
                  />
                );
              })}
            </SimpleGrid>
          )}
        </Fieldset>
        {update.isError && (
          <Alert color="red" role="alert">
            {apiErrorMessage(update.error, 'The server could not be reached. Try again.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={draft.name.trim() === ''} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
