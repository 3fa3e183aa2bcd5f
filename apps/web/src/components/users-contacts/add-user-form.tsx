import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import {
  accountUserTypes,
  EnrollmentActionText,
  userCategories,
} from '@portico/contracts/enrollment/enrollment-actions';
import { type ReactNode, useState } from 'react';
import {
  type Control,
  Controller,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { showToast } from '../toasts';

type Choice = { value: string; label: string };

export const userTypeOptions: Choice[] = accountUserTypes.map((type) => ({
  value: type,
  label: type === 'user' ? 'User' : 'Contact',
}));
export const userCategoryOptions: Choice[] = userCategories.map((category) => ({
  value: category,
  label: category,
}));

// What a refused add says: the server's own message, else the page's fallback.
function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

type AddUserFormProps<Values extends FieldValues, Output, Body> = {
  // The form's accessible name.
  label: string;
  form: UseFormReturn<Values, unknown, Output>;
  // The values the form starts over with after an add.
  emptyValues: DefaultValues<Values>;
  // The request body, or null when the values cannot be sent.
  toBody: (values: Output) => Body | null;
  create: { mutateAsync: (body: Body) => Promise<unknown>; isPending: boolean };
  // Shown when the server refused without a message.
  fallbackFailure: string;
  onAdded?: () => void;
  // The page's fields.
  children: ReactNode;
};

// The add form of Users & Contacts: the page's fields, the refusal and Add. A successful add confirms,
// starts the form over and tells the page.
export function AddUserForm<Values extends FieldValues, Output, Body>({
  label,
  form,
  emptyValues,
  toBody,
  create,
  fallbackFailure,
  onAdded,
  children,
}: AddUserFormProps<Values, Output, Body>) {
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    const body = toBody(values);
    if (!body) return;
    setFailure(null);
    try {
      await create.mutateAsync(body);
      void showToast({ text: EnrollmentActionText.UserAdded, type: 'success' });
      form.reset(emptyValues);
      onAdded?.();
    } catch (error) {
      setFailure(failureText(error, fallbackFailure));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <Stack gap="sm">
        {children}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={!form.formState.isValid} loading={create.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type UserChoiceFieldProps<Values extends FieldValues, Output> = {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  label: string;
  data: Choice[];
};

// A required pick (user type, label) whose empty value is '' in the form.
export function UserChoiceField<Values extends FieldValues, Output>({
  control,
  name,
  label,
  data,
}: UserChoiceFieldProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          withAsterisk
          data={data}
          value={field.value === '' ? null : field.value}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
