import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { VirtualTerminalPageText } from '@portico/contracts/payment-frame/virtual-terminal-options';
import { VirtualTerminalText } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useVirtualTerminalLoad } from '../api/load-virtual-terminal';

// /virtual-terminal/{publishable key}?routing&terminalId&isSwipeAndCNP&isSwipeOnly&customerId&paymentMethodId
// (spec 3 §2): Back and the payment frame, built from the chosen terminal and the user's permissions.
export function VirtualTerminalPage() {
  const { apikey = '' } = useParams();
  if (apikey === '') return <Alert color="red">{VirtualTerminalText.ApiKeyRequired}</Alert>;
  return <VirtualTerminal publishableKey={apikey} />;
}

function VirtualTerminal({ publishableKey }: { publishableKey: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const load = useVirtualTerminalLoad(publishableKey, search);
  const back = (
    <Group>
      <Button variant="default" onClick={() => navigate(-1)}>
        Back
      </Button>
    </Group>
  );

  if (load.isPending) {
    return (
      <Stack>
        {back}
        <Loader aria-label="Loading virtual terminal" />
      </Stack>
    );
  }
  if (load.isError) {
    return (
      <Stack>
        {back}
        <Alert color="red">{VirtualTerminalPageText.MerchantLoadFailed}</Alert>
      </Stack>
    );
  }
  const result = load.data;
  if (result.kind === 'message') {
    return (
      <Stack>
        {back}
        <Alert color={result.needsConfiguration ? 'yellow' : 'red'}>{result.text}</Alert>
        {result.needsConfiguration ? (
          <Group>
            <Button onClick={() => navigate(`/configure-terminal/${publishableKey}?new=true`)}>
              {VirtualTerminalPageText.ConfigureTerminal}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack>
      {back}
      <Title order={2}>Virtual Terminal</Title>
      {result.notice ? <Alert color="yellow">{result.notice}</Alert> : null}
      <iframe
        title="Payment frame"
        src={result.src}
        style={{
          width: '100%',
          minHeight: 720,
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
        }}
      />
    </Stack>
  );
}
