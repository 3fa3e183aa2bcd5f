import { Fieldset, Select, SimpleGrid, Text } from '@mantine/core';
import {
  businessStructures,
  type CtaApplicationValues,
  type CtaApplicationView,
  CtaText,
  settlementAccountTypes,
  transactionMixCategories,
  transactionMixTotal,
} from '@portico/contracts/enrollment/click-to-agree';
import { digitsInputPattern, stripZipInput } from '@portico/contracts/enrollment/enroll';
import { Controller, useWatch } from 'react-hook-form';
import { mixTotalText, onFileHint } from '../utils/cta-form.utils';
import { type CtaFormControl, CtaTextField } from './cta-text-field';

type SectionProps = { control: CtaFormControl; view: CtaApplicationView };

const upperLetters = /^[A-Za-z]{0,2}$/;
const accountTypeLabels = { checking: 'Checking', savings: 'Savings' } as const;

export function BusinessSection({ control, view }: SectionProps) {
  return (
    <Fieldset legend="Business">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CtaTextField control={control} name="business.dba_name" label="Business Name (DBA)" />
        <CtaTextField control={control} name="business.legal_name" label="Legal Business Name" />
        <Controller
          control={control}
          name="business.ownership_type"
          render={({ field, fieldState }) => (
            <Select
              label="Business Structure"
              withAsterisk
              data={businessStructures}
              value={field.value === '' ? null : field.value}
              onChange={(value) => {
                field.onChange(value ?? '');
                field.onBlur();
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <CtaTextField
          control={control}
          name="business.fed_tx_id"
          label="Federal Tax ID (EIN)"
          placeholder="12-3456789"
          pattern={/^[\d-]{0,10}$/}
          description={onFileHint(view.business.fed_tx_id_last4)}
        />
        <CtaTextField
          control={control}
          name="business.start_date"
          label="Business Start Date"
          placeholder="YYYY-MM-DD"
          isRequired={false}
          maxLength={10}
        />
        <CtaTextField control={control} name="business.website" label="Website" isRequired={false} />
      </SimpleGrid>
      <CtaTextField control={control} name="business.business_description" label="Business Description" />
    </Fieldset>
  );
}

export function AddressSection({ control }: { control: CtaFormControl }) {
  return (
    <Fieldset legend="Address">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CtaTextField control={control} name="address.business_address_one" label="Address Line 1" />
        <CtaTextField
          control={control}
          name="address.business_address_two"
          label="Address Line 2"
          isRequired={false}
        />
        <CtaTextField control={control} name="address.business_city" label="City" />
        <CtaTextField
          control={control}
          name="address.business_state_province"
          label="State"
          placeholder="CO"
          pattern={upperLetters}
        />
        <CtaTextField
          control={control}
          name="address.business_postal_code"
          label="ZIP Code"
          normalize={stripZipInput}
          maxLength={10}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

export function ContactSection({ control }: { control: CtaFormControl }) {
  return (
    <Fieldset legend="Contact">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CtaTextField control={control} name="contact.first_name" label="Contact First Name" />
        <CtaTextField control={control} name="contact.last_name" label="Contact Last Name" />
        <CtaTextField control={control} name="contact.email" label="Email Address" autoComplete="email" />
        <CtaTextField control={control} name="contact.business_phone_number" label="Business Phone Number" />
      </SimpleGrid>
    </Fieldset>
  );
}

export function SettlementSection({ control, view }: SectionProps) {
  return (
    <Fieldset legend="Settlement">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CtaTextField
          control={control}
          name="settlement.routing_number"
          label="Routing Number"
          pattern={digitsInputPattern}
          maxLength={9}
          description={onFileHint(view.settlement.routing_number_last4)}
        />
        <CtaTextField
          control={control}
          name="settlement.account_number"
          label="Account Number"
          pattern={digitsInputPattern}
          maxLength={17}
          description={onFileHint(view.settlement.account_number_last4)}
        />
        <Controller
          control={control}
          name="settlement.account_type"
          render={({ field, fieldState }) => (
            <Select
              label="Account Type"
              withAsterisk
              data={settlementAccountTypes.map((type) => ({ value: type, label: accountTypeLabels[type] }))}
              value={field.value === '' ? null : field.value}
              onChange={(value) => {
                field.onChange(value ?? '');
                field.onBlur();
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

// The whole-section rule (they must add up to 100%) sits under the inputs. It is derived from what
// is typed: the form revalidates only the field being edited, never the section around it.
export function TransactionMixSection({ control, error }: { control: CtaFormControl; error?: string }) {
  const mix: CtaApplicationValues['transaction_mix'] = useWatch({ control, name: 'transaction_mix' });
  const total = transactionMixTotal(mix);
  const totalError = total !== null && total !== 100 ? CtaText.MixTotal : (error ?? null);
  return (
    <Fieldset legend="Transaction Mix">
      <Text size="sm" c="dimmed" mb="xs">
        Percent of transactions in each category.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        {transactionMixCategories.map(([category, label]) => (
          <CtaTextField
            key={category}
            control={control}
            name={`transaction_mix.${category}`}
            label={`${label} (%)`}
            pattern={digitsInputPattern}
            maxLength={3}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" mt="xs" aria-live="polite">
        {mixTotalText(mix)}
      </Text>
      {totalError ? (
        <Text size="sm" c="red" role="alert">
          {totalError}
        </Text>
      ) : null}
    </Fieldset>
  );
}
