import { PasswordInput, Stack, Text } from '@mantine/core';
import { PasswordText } from '@portico/contracts/auth/password-rules';
import type { PasswordFieldError } from '../utils/password-field.utils';

type NewPasswordFieldProps = {
  label: string;
  value: string;
  error: PasswordFieldError;
  onChange: (value: string) => void;
  onBlur: () => void;
};

// A new password: the rule shown under the label before anything is typed, the refusal and why
// under the box once the field was touched.
export function NewPasswordField({ label, value, error, onChange, onBlur }: NewPasswordFieldProps) {
  return (
    <PasswordInput
      label={label}
      description={PasswordText.Rule}
      autoComplete="new-password"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={
        error && (
          <Stack gap={0} component="span">
            <Text component="span" size="xs" inherit>
              {error.text}
            </Text>
            {error.reason && (
              <Text component="span" size="xs" inherit>
                {error.reason}
              </Text>
            )}
          </Stack>
        )
      }
    />
  );
}
