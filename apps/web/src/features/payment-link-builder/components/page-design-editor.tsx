import { ColorInput, Group, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FrameColorScheme, PageDesign } from '@portico/contracts/payment-frame/params';

type PageDesignEditorProps = {
  styles: PageDesign;
  onChange: (styles: PageDesign) => void;
  colorScheme: FrameColorScheme;
  onColorSchemeChange: (colorScheme: FrameColorScheme) => void;
};

type ColourField<K extends keyof PageDesign> = { group: K; key: string; label: string };

const colourFields: readonly ColourField<keyof PageDesign>[] = [
  { group: 'inputStyle', key: 'focusBorderColor', label: 'Input focus border' },
  { group: 'paymentMethodStyle', key: 'backgroundColor', label: 'Method background' },
  { group: 'paymentMethodStyle', key: 'textColor', label: 'Method text' },
  { group: 'paymentMethodStyle', key: 'borderColor', label: 'Method border' },
  { group: 'paymentMethodStyle', key: 'hoverBackgroundColor', label: 'Method hover background' },
  { group: 'paymentMethodStyle', key: 'selectedBackgroundColor', label: 'Selected method background' },
  { group: 'paymentMethodStyle', key: 'selectedBorderColor', label: 'Selected method border' },
  { group: 'submitButtonStyle', key: 'backgroundColor', label: 'Submit button' },
  { group: 'submitButtonStyle', key: 'textColor', label: 'Submit button text' },
  { group: 'submitButtonStyle', key: 'hoverBackgroundColor', label: 'Submit button hover' },
];

function colourOf(styles: PageDesign, field: ColourField<keyof PageDesign>): string {
  const group: Record<string, unknown> = { ...styles[field.group] };
  const value = group[field.key];
  return typeof value === 'string' ? value : '';
}

// The page design, with its default colours; editing a colour makes its group custom. The colour
// scheme is the merchant's choice for the link's page (the payer's device shows it as chosen); colours
// set here still win over the scheme's own.
export function PageDesignEditor({
  styles,
  onChange,
  colorScheme,
  onColorSchemeChange,
}: PageDesignEditorProps) {
  return (
    <Stack gap="sm">
      <Text fw={600}>Page Design</Text>
      <Radio.Group
        label="Color scheme"
        value={colorScheme}
        onChange={(value) => onColorSchemeChange(value === 'dark' ? 'dark' : 'light')}
      >
        <Group mt="xs">
          <Radio value="light" label="Light" />
          <Radio value="dark" label="Dark" />
        </Group>
      </Radio.Group>
      <SegmentedControl
        aria-label="Input style"
        data={[
          { value: 'simple', label: 'Simple inputs' },
          { value: 'boxed', label: 'Boxed inputs' },
        ]}
        value={styles.inputStyle?.mode ?? 'simple'}
        onChange={(mode) =>
          onChange({
            ...styles,
            inputStyle: {
              ...styles.inputStyle,
              appearance: 'custom',
              mode: mode === 'boxed' ? 'boxed' : 'simple',
            },
          })
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {colourFields.map((field) => (
          <ColorInput
            key={`${field.group}.${field.key}`}
            label={field.label}
            // The eye-dropper button has no text of its own: it is named after its field.
            eyeDropperButtonProps={{ 'aria-label': `Pick ${field.label} from the screen` }}
            value={colourOf(styles, field)}
            onChange={(value) =>
              onChange({
                ...styles,
                [field.group]: { ...styles[field.group], appearance: 'custom', [field.key]: value },
              })
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
