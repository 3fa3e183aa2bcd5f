import { TextInput } from '@mantine/core';
import type { CtaApplication, CtaApplicationValues } from '@portico/contracts/enrollment/click-to-agree';
import { type Control, Controller, type FieldPathByValue } from 'react-hook-form';
import { acceptsPatternInput } from '../../../components/pattern-input.utils';

export type CtaFormControl = Control<CtaApplicationValues, unknown, CtaApplication>;
export type CtaTextFieldName = FieldPathByValue<CtaApplicationValues, string>;

type CtaTextFieldProps = {
  control: CtaFormControl;
  name: CtaTextFieldName;
  label: string;
  isRequired?: boolean;
  description?: string;
  placeholder?: string;
  // Typing that would fail this is ignored, as in every pattern input.
  pattern?: RegExp;
  // Rewrites what is typed, e.g. the ZIP input keeps digits and hyphens only.
  normalize?: (value: string) => string;
  maxLength?: number;
  autoComplete?: string;
};

// One text input of the application; its error shows once touched (the form's mode) or on submit.
export function CtaTextField({
  control,
  name,
  label,
  isRequired = true,
  description,
  placeholder,
  pattern,
  normalize,
  maxLength,
  autoComplete,
}: CtaTextFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={label}
          withAsterisk={isRequired}
          description={description}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete={autoComplete}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={(event) => {
            const typed = normalize ? normalize(event.currentTarget.value) : event.currentTarget.value;
            if (acceptsPatternInput(pattern, typed)) field.onChange(typed);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
