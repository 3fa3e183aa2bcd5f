import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { internalReportLabel } from '@portico/contracts/internal-reports/internal-reports';
import { Link } from 'react-router';
import { useInternalReportNames } from '../api/get-internal-report-names';

// /admin-reporting (spec 3 §2 Admin reporting): one button per internal report, 'reporting.' removed.
export function AdminReportingPage() {
  const names = useInternalReportNames();
  return (
    <Stack gap="md">
      <Title order={1}>Admin Reporting</Title>
      <Title order={2} size="h4">
        Internal reports
      </Title>
      <InternalReportButtons names={names} />
    </Stack>
  );
}

function InternalReportButtons({ names }: { names: ReturnType<typeof useInternalReportNames> }) {
  if (names.isPending) return <Loader size="sm" aria-label="Loading reports" />;
  if (names.isError) return <Alert color="red">The internal reports could not be loaded.</Alert>;
  if (names.data.length === 0) return <Text c="dimmed">No internal reports.</Text>;
  return (
    <Group gap="sm">
      {names.data.map((name) => (
        <Button
          key={name}
          component={Link}
          to={`/admin-reporting/all-internal/${encodeURIComponent(name)}`}
          variant="light"
        >
          {internalReportLabel(name)}
        </Button>
      ))}
    </Group>
  );
}
