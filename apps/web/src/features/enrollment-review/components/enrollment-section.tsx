import { NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { formatCentsAsMoney, parseDecimalToCents } from '@portico/contracts/money/money';
import { type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import type { EnrollmentFormValues } from '../utils/enrollment-form.utils';
import { type FieldSpec, type SectionSpec, sectionAnchor } from '../utils/enrollment-sections';

type FieldProps = {
  field: FieldSpec;
  isEditing: boolean;
  register: UseFormRegister<EnrollmentFormValues>;
  control: Control<EnrollmentFormValues>;
  error: string | undefined;
};

const maskedHint = 'Masked: type the full value to replace it, or clear it.';

// Until Edit a field reads as a value, not an invitation to type: filled grey, no border.
const variantOf = (isEditing: boolean) => (isEditing ? 'default' : 'filled');

// '12000' reads '$12,000.00' (money shows with its currency sign everywhere); what is not an
// amount shows as typed.
function moneyText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  const cents = parseDecimalToCents(value);
  return cents === null ? value : formatCentsAsMoney(cents);
}

function MoneyValue({ field, control, error }: Pick<FieldProps, 'field' | 'control' | 'error'>) {
  const value = useWatch({ control, name: field.name });
  return (
    <TextInput
      label={field.label}
      readOnly
      variant={variantOf(false)}
      error={error}
      value={moneyText(value)}
    />
  );
}

function EnrollmentField({ field, isEditing, register, control, error }: FieldProps) {
  if (field.kind === 'money' && !isEditing) {
    return <MoneyValue field={field} control={control} error={error} />;
  }
  const registered = register(field.name);
  if (field.kind === 'select') {
    return (
      <NativeSelect
        label={field.label}
        data={field.options ?? []}
        disabled={!isEditing}
        variant={variantOf(isEditing)}
        error={error}
        {...registered}
      />
    );
  }
  if (field.kind === 'textarea') {
    return (
      <Textarea
        label={field.label}
        rows={3}
        readOnly={!isEditing}
        variant={variantOf(isEditing)}
        error={error}
        {...registered}
      />
    );
  }
  return (
    <TextInput
      label={field.label}
      readOnly={!isEditing}
      variant={variantOf(isEditing)}
      description={isEditing && field.isMasked ? maskedHint : undefined}
      error={error}
      {...registered}
    />
  );
}

type EnrollmentSectionProps = {
  section: SectionSpec;
  isEditing: boolean;
  register: UseFormRegister<EnrollmentFormValues>;
  control: Control<EnrollmentFormValues>;
  errors: FieldErrors<EnrollmentFormValues>;
};

// One section of the enrollment page: read-only until Edit, a Jump-to anchor on its frame.
export function EnrollmentSection({ section, isEditing, register, control, errors }: EnrollmentSectionProps) {
  const anchor = sectionAnchor(section.id);
  return (
    <Paper component="section" withBorder p="lg" id={anchor} aria-labelledby={`${anchor}-title`}>
      <Stack gap="md">
        <Title order={2} size="h3" id={`${anchor}-title`}>
          {section.title}
        </Title>
        {section.groups.map((group, index) => (
          <Stack key={group.title ?? index} gap="xs">
            {group.title && (
              <Title order={3} size="h5">
                {group.title}
              </Title>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {group.fields.map((field) => (
                <EnrollmentField
                  key={field.name}
                  field={field}
                  isEditing={isEditing}
                  register={register}
                  control={control}
                  error={errors[field.name]?.message}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
