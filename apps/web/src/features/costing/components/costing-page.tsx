import { Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import type { CostingWindow } from '@portico/contracts/costing/costing';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { costingWindowProblem, initialCostingWindow } from '../utils/costing-window.utils';
import { CostingEstimatesGrid, CostingGrid } from './costing-grids';

type CostingView = 'costing' | 'estimates';

// /costing: the costing grid, exported as Costing.xlsx, and the estimates view; both
// cover From to To, the last 90 days at first. The view sits in ?view= so a link keeps it.
export function CostingPage() {
  const timeZone = useUserTimeZone();
  const [searchParams, setSearchParams] = useSearchParams();
  const view: CostingView = searchParams.get('view') === 'estimates' ? 'estimates' : 'costing';
  const [dates, setDates] = useState<CostingWindow>(() => initialCostingWindow(timeZone));
  const problem = costingWindowProblem(dates);
  const isWindowValid = problem === null;

  function showView(next: string | null) {
    setSearchParams(next === 'estimates' ? { view: 'estimates' } : {}, { replace: true });
  }

  return (
    <Stack gap="md">
      <Title order={1}>Costing</Title>
      <Text c="dimmed" size="sm">
        What each processor charges for the transactions of the window: interchange, dues and assessments and
        processor fees from its cost model, against the fees charged to the merchant.
      </Text>
      <Group align="flex-end" gap="md">
        <TextInput
          type="date"
          label="From"
          value={dates.start}
          max={dates.end || undefined}
          onChange={(event) => setDates({ ...dates, start: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={dates.end}
          min={dates.start || undefined}
          onChange={(event) => setDates({ ...dates, end: event.currentTarget.value })}
        />
      </Group>
      {problem !== null && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <Tabs value={view} onChange={showView} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="costing">Costing</Tabs.Tab>
          <Tabs.Tab value="estimates">Estimates</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="costing" pt="md">
          <CostingGrid window={dates} isEnabled={isWindowValid} timeZone={timeZone} />
        </Tabs.Panel>
        <Tabs.Panel value="estimates" pt="md">
          <CostingEstimatesGrid window={dates} isEnabled={isWindowValid} timeZone={timeZone} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
