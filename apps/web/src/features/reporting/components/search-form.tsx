import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { SearchCriteria } from '@portico/contracts/transactions/search';
import { searchPaymentTypes } from '@portico/contracts/transactions/search';
import { transactionTypes } from '@portico/contracts/transactions/transaction-enums';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { useMerchantLocations } from '../api/get-merchant-locations';
import {
  boxToTickAfterTyping,
  criteriaOfSearchForm,
  type SearchCriterionKey,
  type SearchFormValues,
} from '../utils/search-criteria.utils';

export type MerchantOption = { value: string; label: string };

type SearchFormProps = {
  initialValues: SearchFormValues;
  // Admin and parent pick the merchant; empty for everyone else.
  merchantOptions: readonly MerchantOption[];
  // The caller's own merchant (null for staff without one) and id: whose locations are offered
  // until a merchant is picked.
  ownMerchantId: string | null;
  userId: string;
  onSearch: (criteria: SearchCriteria) => void;
};

type CriterionInput = { key: SearchCriterionKey; label: string; type?: 'number' | 'email' };

const textCriteria: readonly CriterionInput[] = [
  { key: 'transaction_id', label: 'Transaction ID' },
  { key: 'customer_first_name', label: 'First Name' },
  { key: 'customer_last_name', label: 'Last Name' },
  { key: 'customer_email', label: 'Email', type: 'email' },
  { key: 'account', label: 'Account (last 4)' },
  { key: 'amount_min', label: 'Minimum Amount', type: 'number' },
  { key: 'amount_max', label: 'Maximum Amount', type: 'number' },
  { key: 'status', label: 'Status' },
];

const selectCriteria: readonly { key: SearchCriterionKey; label: string; options: readonly string[] }[] = [
  { key: 'transaction_type', label: 'Transaction Type', options: transactionTypes },
  { key: 'payment_type', label: 'Payment Type', options: searchPaymentTypes },
];

// The search form: start and end dates are required and always used; every other criterion
// has a Use box and counts only when ticked and filled; custom fields count when filled.
export function SearchForm({
  initialValues,
  merchantOptions,
  ownMerchantId,
  userId,
  onSearch,
}: SearchFormProps) {
  const form = useForm<SearchFormValues>({ defaultValues: initialValues });
  const [failure, setFailure] = useState<string | null>(null);
  const customFields = form.watch('customFields');
  const pickedMerchant = form.watch('criteria.merchant_id');
  const locationMerchantId =
    pickedMerchant.use && pickedMerchant.value !== '' ? pickedMerchant.value : ownMerchantId;
  const locations = useMerchantLocations(locationMerchantId, userId);

  // A person who types into a field means to search by it: tick its Use box (unticking stays theirs).
  useEffect(() => {
    const subscription = form.watch((_, { name, type }) => {
      if (type !== 'change') return;
      const box = boxToTickAfterTyping(name, form.getValues());
      if (box !== null && !form.getValues(box)) form.setValue(box, true);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit((values) => {
    const check = criteriaOfSearchForm(values);
    if (!check.isValid) {
      setFailure(check.message);
      return;
    }
    setFailure(null);
    onSearch(check.criteria);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Transaction search">
      <Stack gap="md">
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Criterion label="Start Date" isAlwaysUsed>
              <TextInput label="Start Date" type="date" withAsterisk {...form.register('startDate')} />
            </Criterion>
            <Criterion label="End Date" isAlwaysUsed>
              <TextInput label="End Date" type="date" withAsterisk {...form.register('endDate')} />
            </Criterion>
            {/* A caller of one merchant has no merchant to pick. */}
            {merchantOptions.length > 1 && (
              <UsedCriterion form={form} criterion="merchant_id" label="Merchant">
                <Controller
                  control={form.control}
                  name="criteria.merchant_id.value"
                  render={({ field }) => (
                    <Select
                      label="Merchant"
                      data={merchantOptions}
                      value={field.value === '' ? null : field.value}
                      onChange={(value) => field.onChange(value ?? '')}
                      searchable
                    />
                  )}
                />
              </UsedCriterion>
            )}
            {locations.length > 0 && (
              <Group gap="sm" align="flex-end" wrap="nowrap">
                <Checkbox aria-label="Use Location" label="Use" mb={8} {...form.register('locations.use')} />
                <div style={{ flex: 1 }}>
                  <Controller
                    control={form.control}
                    name="locations.ids"
                    render={({ field }) => (
                      <MultiSelect
                        label="Location"
                        data={locations.map((location) => ({ value: location.id, label: location.name }))}
                        value={field.value}
                        onChange={field.onChange}
                        searchable
                      />
                    )}
                  />
                </div>
              </Group>
            )}
            {selectCriteria.map(({ key, label, options }) => (
              <UsedCriterion key={key} form={form} criterion={key} label={label}>
                <Controller
                  control={form.control}
                  name={`criteria.${key}.value`}
                  render={({ field }) => (
                    <Select
                      label={label}
                      data={options}
                      value={field.value === '' ? null : field.value}
                      onChange={(value) => field.onChange(value ?? '')}
                    />
                  )}
                />
              </UsedCriterion>
            ))}
            {textCriteria.map(({ key, label, type }) => (
              <UsedCriterion key={key} form={form} criterion={key} label={label}>
                <TextInput
                  label={label}
                  type={type ?? 'text'}
                  {...(type === 'number' ? { step: 0.01, min: 0 } : {})}
                  {...form.register(`criteria.${key}.value`)}
                />
              </UsedCriterion>
            ))}
          </SimpleGrid>
        </Paper>
        {customFields.length > 0 && (
          <Paper withBorder p="md" component="fieldset" aria-label="Custom fields">
            <Text fw={600} mb="xs">
              Custom Fields
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {customFields.map((field, index) => (
                <TextInput
                  key={field.name}
                  label={field.name}
                  {...form.register(`customFields.${index}.value`)}
                />
              ))}
            </SimpleGrid>
          </Paper>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit">Search</Button>
        </Group>
      </Stack>
    </form>
  );
}

function Criterion({
  label,
  isAlwaysUsed,
  children,
}: {
  label: string;
  isAlwaysUsed: boolean;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <Checkbox aria-label={`Use ${label}`} label="Use" checked={isAlwaysUsed} disabled readOnly mb={8} />
      <div style={{ flex: 1 }}>{children}</div>
    </Group>
  );
}

type UsedCriterionProps = {
  form: UseFormReturn<SearchFormValues>;
  criterion: SearchCriterionKey;
  label: string;
  children: ReactNode;
};

function UsedCriterion({ form, criterion, label, children }: UsedCriterionProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <Checkbox
        aria-label={`Use ${label}`}
        label="Use"
        mb={8}
        {...form.register(`criteria.${criterion}.use`)}
      />
      <div style={{ flex: 1 }}>{children}</div>
    </Group>
  );
}
