import { Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type CtaApplicationView,
  CtaText,
  emptyCtaOwner,
  isOwnershipOver100,
  maxCtaOwners,
} from '@portico/contracts/enrollment/click-to-agree';
import { stripZipInput } from '@portico/contracts/enrollment/enroll';
import { useFieldArray, useWatch } from 'react-hook-form';
import { onFileHint } from '../utils/cta-form.utils';
import { type CtaFormControl, CtaTextField } from './cta-text-field';

const upperLetters = /^[A-Za-z]{0,2}$/;

type OwnersSectionProps = { control: CtaFormControl; view: CtaApplicationView; error?: string };

// Principals 1 to 4, each with the principal fields.
export function OwnersSection({ control, view, error }: OwnersSectionProps) {
  const owners = useFieldArray({ control, name: 'owners' });
  const canAddOwner = owners.fields.length < maxCtaOwners;
  // Derived from what is typed, like the mix total: the form revalidates only the edited field.
  const ownershipError = isOwnershipOver100(useWatch({ control, name: 'owners' }))
    ? CtaText.OwnershipTotal
    : (error ?? null);
  return (
    <Fieldset legend="Owners">
      <Stack gap="md">
        {owners.fields.map((owner, index) => {
          const onFile = view.owners.find((stored) => stored.position === index + 1);
          return (
            <Fieldset key={owner.id} legend={`Owner ${index + 1}`} variant="filled">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <CtaTextField control={control} name={`owners.${index}.first_name`} label="First Name" />
                <CtaTextField control={control} name={`owners.${index}.last_name`} label="Last Name" />
                <CtaTextField control={control} name={`owners.${index}.title`} label="Title" />
                <CtaTextField
                  control={control}
                  name={`owners.${index}.ownership_percent`}
                  label="Ownership (%)"
                  pattern={/^\d{0,3}(\.\d{0,2})?$/}
                />
                <CtaTextField
                  control={control}
                  name={`owners.${index}.ssn`}
                  label="SSN"
                  placeholder="123-45-6789"
                  pattern={/^[\d-]{0,11}$/}
                  description={onFileHint(onFile?.ssn_last4 ?? null)}
                />
                <CtaTextField
                  control={control}
                  name={`owners.${index}.date_of_birth`}
                  label="Date of Birth"
                  placeholder="YYYY-MM-DD"
                  maxLength={10}
                />
                <CtaTextField control={control} name={`owners.${index}.phone_number`} label="Phone Number" />
                <CtaTextField
                  control={control}
                  name={`owners.${index}.address_line_one`}
                  label="Address Line 1"
                />
                <CtaTextField
                  control={control}
                  name={`owners.${index}.address_line_two`}
                  label="Address Line 2"
                  isRequired={false}
                />
                <CtaTextField control={control} name={`owners.${index}.city`} label="City" />
                <CtaTextField
                  control={control}
                  name={`owners.${index}.state_province`}
                  label="State"
                  placeholder="CO"
                  pattern={upperLetters}
                />
                <CtaTextField
                  control={control}
                  name={`owners.${index}.postal_code`}
                  label="ZIP Code"
                  normalize={stripZipInput}
                  maxLength={10}
                />
              </SimpleGrid>
              {index > 0 ? (
                <Group justify="flex-end" mt="sm">
                  <Button variant="subtle" color="red" onClick={() => owners.remove(index)}>
                    Remove Owner {index + 1}
                  </Button>
                </Group>
              ) : null}
            </Fieldset>
          );
        })}
        {ownershipError ? (
          <Text size="sm" c="red" role="alert">
            {ownershipError}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" disabled={!canAddOwner} onClick={() => owners.append(emptyCtaOwner())}>
            Add Owner
          </Button>
          {canAddOwner ? null : (
            <Text size="sm" c="dimmed">
              Up to {maxCtaOwners} owners.
            </Text>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}
