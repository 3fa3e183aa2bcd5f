import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';

export type ReportingTab = 'classic' | 'search';

// The Classic and Search tabs of /reporting; each tab is its own route.
export function ReportingTabs({ active }: { active: ReportingTab }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value === 'classic' || value === 'search') void navigate(`/reporting/${value}`);
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label="Reporting views">
        <Tabs.Tab value="classic">Classic</Tabs.Tab>
        <Tabs.Tab value="search">Search</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
