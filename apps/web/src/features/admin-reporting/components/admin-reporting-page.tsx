import { Alert, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { internalReportTitle } from '@portico/contracts/internal-reports/internal-reports';
import { Link, useNavigate } from 'react-router';
import { useInternalReportNames } from '../api/get-internal-report-names';
import type { AdminReportSource } from '../utils/admin-report.utils';
import { AdminReportGrid } from './admin-report-grid';

const tabPaths: Record<AdminReportSource, string> = {
  home: '/admin-reporting',
  'with-snowflake': '/admin-reporting/with-snowflake',
};

// /admin-reporting: the Home tab.
export function AdminReportingPage() {
  return <AdminReporting tab="home" />;
}

// /admin-reporting/with-snowflake: the reporting source's tab.
export function WithSnowflakePage() {
  return <AdminReporting tab="with-snowflake" />;
}

function AdminReporting({ tab }: { tab: AdminReportSource }) {
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>Admin Reporting</Title>
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next === 'home' || next === 'with-snowflake') void navigate(tabPaths[next]);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="home">Home</Tabs.Tab>
          <Tabs.Tab value="with-snowflake">Reporting warehouse</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'home' ? (
        <>
          <Title order={2} size="h4">
            Internal reports
          </Title>
          <InternalReportButtons />
          <Title order={2} size="h4">
            Transactions
          </Title>
          <AdminReportGrid key="home" source="home" />
        </>
      ) : (
        <>
          <Text c="dimmed" size="sm">
            The reporting source: in this build, the same database as the portal.
          </Text>
          <AdminReportGrid key="with-snowflake" source="with-snowflake" />
        </>
      )}
    </Stack>
  );
}

// One button per internal report, named in words ('reporting.' removed).
function InternalReportButtons() {
  const names = useInternalReportNames();
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
          {internalReportTitle(name)}
        </Button>
      ))}
    </Group>
  );
}
