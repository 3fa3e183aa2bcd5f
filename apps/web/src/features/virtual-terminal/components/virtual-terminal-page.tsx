import { Alert, Button, Group, Loader, Stack, Title, useComputedColorScheme } from '@mantine/core';
import {
  type PaymentFrameParams,
  paymentFrameColorSchemeMessageType,
  paymentFrameHeightMessageType,
  withFrameColorScheme,
} from '@portico/contracts/payment-frame/params';
import { VirtualTerminalPageText } from '@portico/contracts/payment-frame/virtual-terminal-options';
import { VaultText } from '@portico/contracts/vault/vault';
import { VirtualTerminalText } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useVaultCustomer } from '../api/get-vault-customer';
import {
  useVirtualTerminalLoad,
  type VirtualTerminalLoad,
  virtualTerminalFrameSrc,
} from '../api/load-virtual-terminal';
import { isRoutingKeyForeign, searchWithoutRouting } from '../utils/virtual-terminal.utils';
import { SavedMethodPicker } from './saved-method-picker';

// /virtual-terminal/{publishable key}?routing&terminalId&isSwipeAndCNP&isSwipeOnly&customerId&paymentMethodId:
// Back and the payment frame, built from the chosen terminal and the user's permissions.
export function VirtualTerminalPage() {
  const { apikey = '' } = useParams();
  if (apikey === '') return <Alert color="red">{VirtualTerminalText.ApiKeyRequired}</Alert>;
  return <VirtualTerminal publishableKey={apikey} />;
}

// The load's outcomes are told in toasts (top-center, 5 s).
function useLoadToasts(result: VirtualTerminalLoad | undefined, isError: boolean) {
  useEffect(() => {
    if (isError) void showToast({ text: VirtualTerminalPageText.MerchantLoadFailed, type: 'danger' });
  }, [isError]);
  useEffect(() => {
    if (result?.kind === 'frame' && result.notice !== null) {
      void showToast({ text: result.notice, type: 'warning' });
    }
    if (result?.kind === 'message' && result.needsConfiguration) {
      void showToast({ text: result.text, type: 'warning' });
    }
    if (result?.kind === 'message' && result.text === VirtualTerminalPageText.MerchantLoadFailed) {
      void showToast({ text: result.text, type: 'danger' });
    }
  }, [result]);
}

function VirtualTerminal({ publishableKey }: { publishableKey: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const routing = new URLSearchParams(search).get('routing');
  const isRoutingForeign = isRoutingKeyForeign(routing, publishableKey);
  const loadSearch = searchWithoutRouting(search);
  const load = useVirtualTerminalLoad(publishableKey, loadSearch);
  useLoadToasts(load.data, load.isError);

  // A key other than the page's own leaves the address (and the history entry) at once.
  useEffect(() => {
    if (!isRoutingForeign) return;
    navigate({ search: loadSearch }, { replace: true });
    void showToast({ text: VirtualTerminalPageText.RoutingKeyRemoved, type: 'warning' });
  }, [isRoutingForeign, loadSearch, navigate]);

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
  const tryAgain = (
    <Group>
      <Button variant="default" onClick={() => void load.refetch()}>
        Try again
      </Button>
    </Group>
  );
  if (load.isError) {
    return (
      <Stack>
        {back}
        {tryAgain}
      </Stack>
    );
  }
  const result = load.data;
  if (result.kind === 'message') {
    return (
      <Stack>
        {back}
        {result.needsConfiguration ? (
          <Group>
            <Button onClick={() => navigate(`/configure-terminal/${publishableKey}?new=true`)}>
              {VirtualTerminalPageText.ConfigureTerminal}
            </Button>
          </Group>
        ) : result.text === VirtualTerminalPageText.MerchantLoadFailed ? (
          tryAgain
        ) : (
          <Alert color="red">{result.text}</Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack>
      {back}
      <Title order={2}>Virtual Terminal</Title>
      <PaymentFrame params={result.params} />
    </Stack>
  );
}

const frameMinHeight = 720;

// The frame's own height, as it posts it (payment-frame/frame-dom.ts), so the whole form and its
// answer show without scrolling inside the frame on a narrow screen. Only messages of this page's own
// frame, from this origin, count.
function useFrameHeight() {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow) return;
      const data = event.data;
      if (typeof data !== 'object' || data === null || !('type' in data) || !('height' in data)) return;
      if (data.type !== paymentFrameHeightMessageType || typeof data.height !== 'number') return;
      // A few pixels for the frame's border; never taller than a long form needs.
      if (Number.isFinite(data.height)) setHeight(Math.min(Math.max(data.height + 4, frameMinHeight), 4000));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return { frameRef, height };
}

// The frame is shown inside the portal, so it takes the portal's colour scheme. The scheme the frame is
// opened in goes into its params once, read at once rather than after a first light render, so a dark
// portal does not load the frame twice. The address never follows later changes of the portal's look
// (the user switching theme, or the device while the user's choice is 'System'): a new address reloads
// the frame, and the card data typed so far would be lost. Those changes reach the frame by message
// instead (contracts payment-frame/params.ts, paymentFrameColorSchemeMessageType), to this page's own
// frame and origin only: when the scheme changes, and each time the frame loads (a frame loaded again
// for another saved method or the customer's email starts from the scheme in its params).
function useFrameColorScheme(frameRef: RefObject<HTMLIFrameElement | null>) {
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const [openedColorScheme] = useState(colorScheme);
  const postColorScheme = useCallback(() => {
    frameRef.current?.contentWindow?.postMessage(
      { type: paymentFrameColorSchemeMessageType, colorScheme },
      window.location.origin,
    );
  }, [frameRef, colorScheme]);
  useEffect(() => postColorScheme(), [postColorScheme]);
  return { colorScheme, openedColorScheme, postColorScheme };
}

// The frame, with the vault customer's saved methods when the address names a customer (customerId,
// paymentMethodId): the one the address names, else the customer's first, is chosen.
function PaymentFrame({ params }: { params: PaymentFrameParams }) {
  const customerId = params.customerId ?? null;
  const customer = useVaultCustomer(customerId);
  const [chosenMethodId, setChosenMethodId] = useState<string | null>(null);
  const { frameRef, height } = useFrameHeight();
  const { colorScheme, openedColorScheme, postColorScheme } = useFrameColorScheme(frameRef);
  useEffect(() => {
    if (customer.isError) {
      void showToast({ text: apiErrorMessage(customer.error, VaultText.CustomerNotFound), type: 'danger' });
    }
  }, [customer.isError, customer.error]);
  if (customerId !== null && customer.isPending) return <Loader aria-label="Loading customer" />;
  const methods = customer.data?.methods ?? [];
  const selectedMethodId = chosenMethodId ?? params.paymentMethodId ?? methods[0]?.id ?? null;
  const email = customer.data?.email;
  const withEmail = email && params.email === undefined ? { ...params, email } : params;
  const frameParams = withFrameColorScheme(withEmail, openedColorScheme);
  return (
    <>
      {customer.data ? (
        <SavedMethodPicker
          customer={customer.data}
          selectedMethodId={selectedMethodId}
          onSelect={setChosenMethodId}
        />
      ) : null}
      <iframe
        ref={frameRef}
        title="Payment frame"
        src={virtualTerminalFrameSrc(frameParams, customer.data ? selectedMethodId : null)}
        onLoad={postColorScheme}
        style={{
          width: '100%',
          minHeight: frameMinHeight,
          height,
          border: `1px solid var(--mantine-color-${colorScheme === 'dark' ? 'dark-4' : 'gray-3'})`,
          borderRadius: 8,
        }}
      />
    </>
  );
}
