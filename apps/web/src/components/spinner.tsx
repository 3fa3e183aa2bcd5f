import { Center, Group, Loader, type MantineSize, Text } from '@mantine/core';

type SpinnerProps = {
  // Read by screen readers, and shown beside the spinner when isLabelVisible.
  label?: string;
  isLabelVisible?: boolean;
  size?: MantineSize;
  // Centred in a block of its own, for a page or a panel that is loading.
  isCentered?: boolean;
};

export function Spinner({
  label = 'Loading',
  isLabelVisible = false,
  size = 'md',
  isCentered = false,
}: SpinnerProps) {
  const spinner = (
    <Group gap="sm" role="status" aria-label={label} aria-live="polite">
      <Loader size={size} aria-hidden />
      {isLabelVisible && (
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      )}
    </Group>
  );
  if (!isCentered) return spinner;
  return (
    <Center py="xl" mih={160}>
      {spinner}
    </Center>
  );
}
