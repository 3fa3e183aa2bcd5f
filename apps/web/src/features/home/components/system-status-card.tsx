import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useReadiness } from '../api/get-readiness';

export function SystemStatusCard() {
  const readiness = useReadiness();

  return (
    <Card withBorder radius="md" padding="lg" maw={420}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          System status
        </Title>
        <ReadinessBody readiness={readiness} />
      </Stack>
    </Card>
  );
}

type ReadinessBodyProps = { readiness: ReturnType<typeof useReadiness> };

function ReadinessBody({ readiness }: ReadinessBodyProps) {
  if (readiness.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Checking the database…</Text>
      </Group>
    );
  }

  if (readiness.isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Group gap="xs">
          <Badge color="red" variant="light">
            Unavailable
          </Badge>
          <Text size="sm" fw={600}>
            Database: unavailable
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {readiness.error.message}
        </Text>
        <Button
          size="xs"
          variant="default"
          onClick={() => readiness.refetch()}
          loading={readiness.isFetching}
        >
          Check again
        </Button>
      </Stack>
    );
  }

  return (
    <Group gap="xs">
      <Badge color="green" variant="light">
        Healthy
      </Badge>
      <Text size="sm" fw={600}>{`Database: ${readiness.data.database}`}</Text>
    </Group>
  );
}
