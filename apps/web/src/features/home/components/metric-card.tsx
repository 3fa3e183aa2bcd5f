import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type MetricCardProps = {
  title: string;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  children: ReactNode;
};

// One dashboard card: a labelled region that shows loading, then the error or the figures.
export function MetricCard({ title, isPending, error, onRetry, children }: MetricCardProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Text id={titleId} size="sm" fw={600} c="dimmed" tt="uppercase">
          {title}
        </Text>
        <MetricCardBody isPending={isPending} error={error} onRetry={onRetry}>
          {children}
        </MetricCardBody>
      </Stack>
    </Card>
  );
}

type MetricCardBodyProps = Omit<MetricCardProps, 'title'>;

export function MetricCardBody({ isPending, error, onRetry, children }: MetricCardBodyProps) {
  if (isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      </Group>
    );
  }
  if (error) {
    return (
      <Stack gap={4} align="flex-start" role="alert">
        <Text size="sm" c="red.8">
          {`Could not load: ${error.message}`}
        </Text>
        <Button size="compact-xs" variant="default" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    );
  }
  return <>{children}</>;
}

type MetricFigureProps = { label: string; value: string };

// A labelled figure inside a card; the card lists them in a <dl> (MetricFigures).
export function MetricFigure({ label, value }: MetricFigureProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

export function MetricFigures({ children }: { children: ReactNode }) {
  return (
    <Stack component="dl" gap={4} m={0}>
      {children}
    </Stack>
  );
}

// The one figure of a counting card.
export function MetricValue({ value }: { value: string }) {
  return (
    <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Text>
  );
}
