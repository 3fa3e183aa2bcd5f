import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type CertificationFeatureGroup,
  certificationFeatures,
  optionalFeatureGroups,
  requiredFeatureGroup,
} from '@portico/contracts/developers/certification-registration';

type FeatureChecklistProps = {
  values: readonly string[];
  onChange: (features: string[]) => void;
  error?: string;
};

// Step 2 of the registration: the required features, then the optional ones grouped as Iframe, Terminals
// (Card Present) and API. One list of values whatever group a box sits in, in the form's order.
export function FeatureChecklist({ values, onChange, error }: FeatureChecklistProps) {
  const chosen = new Set(values);

  function toggle(feature: string, isChecked: boolean) {
    if (isChecked) chosen.add(feature);
    else chosen.delete(feature);
    onChange(certificationFeatures.filter((value) => chosen.has(value)));
  }

  const group = (entry: CertificationFeatureGroup) => (
    <Stack key={entry.title} gap="xs" role="group" aria-label={entry.title}>
      <Text fw={600}>{entry.title}</Text>
      {entry.features.map((feature) => (
        <Checkbox
          key={feature.value}
          label={feature.label}
          checked={chosen.has(feature.value)}
          onChange={(event) => toggle(feature.value, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );

  return (
    <Stack gap="md">
      {group(requiredFeatureGroup)}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>{optionalFeatureGroups.map(group)}</SimpleGrid>
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
