import { TextInput, type TextInputProps } from '@mantine/core';
import { acceptsPatternInput } from './pattern-input.utils';

type PatternInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'pattern'> & {
  value: string;
  onChange: (value: string) => void;
  // Typing that would make the value fail this is ignored.
  pattern?: RegExp;
};

export function PatternInput({ value, onChange, pattern, ...inputProps }: PatternInputProps) {
  return (
    <TextInput
      {...inputProps}
      value={value}
      onChange={(event) => {
        const nextValue = event.currentTarget.value;
        if (acceptsPatternInput(pattern, nextValue)) onChange(nextValue);
      }}
    />
  );
}
