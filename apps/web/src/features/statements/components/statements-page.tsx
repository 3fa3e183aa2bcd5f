import { Stack, Tabs, Title } from '@mantine/core';
import { StatementText } from '@portico/contracts/statements/statements';
import { useSearchParams } from 'react-router';
import { PayoutsTab } from './payouts-tab';
import { StatementsTab } from './statements-tab';

type View = 'payouts' | 'statement';

// /payouts, the Statements menu page: the Payouts and Statement tabs; the tab sits in
// ?tab= so a link keeps it.
export function StatementsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('tab') === 'statement' ? 'statement' : 'payouts';
  return (
    <Stack gap="md">
      <Title order={1}>Statements</Title>
      <Tabs
        value={view}
        onChange={(next) =>
          setSearchParams(next === 'statement' ? { tab: 'statement' } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="payouts">{StatementText.PayoutsTab}</Tabs.Tab>
          <Tabs.Tab value="statement">{StatementText.StatementTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payouts" pt="md">
          <PayoutsTab />
        </Tabs.Panel>
        <Tabs.Panel value="statement" pt="md">
          <StatementsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
