import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { portalBasePath } from '@portico/contracts/access/routes';
import {
  type AccountDetail,
  applyMccFloor,
  staffOnlyAccountFields,
} from '@portico/contracts/clients/account-detail';
import {
  type AccountFieldName,
  accountFieldDefinitions,
  accountSectionTitles,
  canPauseSettlement,
  optionLabel,
  type AccountSection as Section,
  switchLabel,
  switchWords,
} from '@portico/contracts/clients/account-fields';
import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  type AccountFormValues,
  displayText,
  isSensitiveFieldName,
  sectionFieldNames,
  shownKeystoreFields,
} from '../utils/account-form.utils';
import { EntityPricingTable, entityPricingFieldNames } from './entity-pricing-table';
import { LocationCustomFields } from './location-custom-fields';

type AccountSectionProps = {
  account: AccountDetail;
  section: Section;
  isEditing: boolean;
  form: UseFormReturn<AccountFormValues>;
  // Clear values the user revealed, by field.
  revealed: Readonly<Record<string, string>>;
  onReveal: (field: AccountFieldName) => void;
  // Base card rate of the account's MCC code (the floor of its card rate), when known.
  mccBaseRate: string | null;
};

// One section of the account page: labels and values, or inputs while editing (where the caller may).
export function AccountSection({
  account,
  section,
  isEditing,
  form,
  revealed,
  onReveal,
  mccBaseRate,
}: AccountSectionProps) {
  const allNames = sectionFieldNames(account, section);
  if (allNames.length === 0) return null;
  const isEditable = isEditing && account.view.editable_sections.includes(section);
  // Processor identifiers: those of the processors chosen (as being edited, else as stored).
  const sectionNames =
    section === 'keystore'
      ? shownKeystoreFields(account, isEditing ? form.watch() : null, allNames)
      : allNames;
  // The default rates read as the current entity pricing table; inputs only while editing.
  const names = isEditable ? sectionNames : sectionNames.filter((name) => !entityPricingFieldNames.has(name));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`account-section-${section}`}>
      <Title order={3} size="h4" mb="sm" id={`account-section-${section}`}>
        {accountSectionTitles[section]}
      </Title>
      {section === 'submerchant' && (
        // The parent's public enrollment link for its sub-merchants.
        <Text size="sm" mb="sm">
          Enrollment link:{' '}
          <Anchor href={`${portalBasePath}/enroll/${account.id}`} target="_blank" rel="noopener">
            {`${portalBasePath}/enroll/${account.id}`}
          </Anchor>
        </Text>
      )}
      {!isEditable && sectionNames.some((name) => entityPricingFieldNames.has(name)) && (
        <>
          <Title order={4} size="h5" mb="xs">
            Current Entity Pricing
          </Title>
          <EntityPricingTable account={account} />
        </>
      )}
      {section === 'keystore' && sectionNames.length === 0 && (
        <Text size="sm" c="dimmed">
          The chosen processors use no identifiers.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {names.map((name) => {
          // The level selector and a parent's inherited sub-merchant settings are staff only.
          const canChangeStaffOnly = name === 'level' ? account.view.can_change_level : account.view.is_staff;
          const mayEdit = isEditable && (!staffOnlyAccountFields.has(name) || canChangeStaffOnly);
          return mayEdit ? (
            <FieldInput key={name} name={name} form={form} mccBaseRate={mccBaseRate} account={account} />
          ) : (
            <FieldValue
              key={name}
              account={account}
              name={name}
              revealed={revealed[name]}
              onReveal={() => onReveal(name)}
            />
          );
        })}
      </SimpleGrid>
      {section === 'settings' && (
        // Settings: location custom fields, saved on their own call.
        <>
          <Title order={4} size="h5" mt="md" mb="xs">
            Location Custom Fields
          </Title>
          <LocationCustomFields
            clientId={account.id}
            stored={account.location_custom_fields}
            canEdit={account.view.editable_sections.includes('settings')}
          />
        </>
      )}
    </Paper>
  );
}

type FieldValueProps = {
  account: AccountDetail;
  name: AccountFieldName;
  revealed: string | undefined;
  onReveal: () => void;
};

function FieldValue({ account, name, revealed, onReveal }: FieldValueProps) {
  const definition = accountFieldDefinitions[name];
  const value = account.fields[name] ?? null;
  const canReveal = account.view.can_reveal && isSensitiveFieldName(name) && value !== null;
  return (
    <div>
      <Text size="xs" c="dimmed" id={`account-field-${name}`}>
        {definition.label}
      </Text>
      <Group gap="xs">
        <Text size="sm" aria-labelledby={`account-field-${name}`} data-testid={`account-value-${name}`}>
          {revealed ?? displayText(name, value)}
        </Text>
        {canReveal && revealed === undefined && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onReveal}
            aria-label={`Reveal ${definition.label}`}
          >
            Reveal
          </Button>
        )}
      </Group>
    </div>
  );
}

type FieldInputProps = {
  name: AccountFieldName;
  form: UseFormReturn<AccountFormValues>;
  mccBaseRate: string | null;
  account: AccountDetail;
};

// A switch with two named states (pass to consumer, settlement) as a select of its two words.
function SwitchSelect({ name, form, account }: Omit<FieldInputProps, 'mccBaseRate'>) {
  const definition = accountFieldDefinitions[name];
  const error = form.formState.errors[name]?.message;
  // Paused settlement is not offered for Bluesnap (the processor as being edited).
  const payment = form.watch('payment') ?? account.fields.payment ?? null;
  const isPauseOffered =
    name !== 'pause_settlement' || canPauseSettlement(typeof payment === 'string' ? payment : null);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NativeSelect
          label={definition.label}
          error={error}
          value={field.value === true ? 'on' : 'off'}
          onChange={(event) => field.onChange(event.currentTarget.value === 'on')}
          onBlur={field.onBlur}
          data={[
            {
              value: 'on',
              label: switchLabel(name, true),
              disabled: !isPauseOffered && field.value !== true,
            },
            { value: 'off', label: switchLabel(name, false) },
          ]}
          description={isPauseOffered ? undefined : 'Bluesnap accounts cannot be paused.'}
        />
      )}
    />
  );
}

function FieldInput({ name, form, mccBaseRate, account }: FieldInputProps) {
  const definition = accountFieldDefinitions[name];
  const error = form.formState.errors[name]?.message;
  if (definition.kind === 'boolean' && switchWords[name]) {
    return <SwitchSelect name={name} form={form} account={account} />;
  }
  if (definition.kind === 'boolean') {
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Checkbox
            mt="lg"
            label={definition.label}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
    );
  }
  if (definition.kind === 'enum') {
    const options = [
      { value: '', label: '—' },
      ...(definition.options ?? []).map((option) => ({ value: option, label: optionLabel(name, option) })),
    ];
    return <NativeSelect label={definition.label} data={options} error={error} {...form.register(name)} />;
  }
  if (definition.kind === 'long_text') {
    return <Textarea label={definition.label} autosize minRows={2} error={error} {...form.register(name)} />;
  }
  const registered = form.register(name, {
    // A card rate below the MCC's base rate is replaced by the base rate.
    onBlur: (event: { target: { value: string } }) => {
      if (name !== 'card_rate') return;
      const floored = applyMccFloor(event.target.value.trim(), mccBaseRate);
      if (floored !== event.target.value.trim()) form.setValue(name, floored, { shouldDirty: true });
    },
  });
  return (
    <TextInput
      label={definition.label}
      error={error}
      placeholder={definition.kind === 'mcc' ? 'Enter 4-Digit Code' : undefined}
      inputMode={definition.kind === 'numeric_id' || definition.kind === 'mcc' ? 'numeric' : undefined}
      autoComplete="off"
      {...registered}
    />
  );
}
