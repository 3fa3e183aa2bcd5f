import { type FrameMerchant, frameMerchantResponse } from '@portico/contracts/payment-frame/charge';
import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  type PaymentFrameParams,
  paymentFrameAddress,
  paymentFrameParamsQueryName,
} from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import {
  VirtualTerminalPageText,
  type VirtualTerminalQuery,
  virtualTerminalFrameParams,
  virtualTerminalQueryOf,
  withVirtualTerminalDefaults,
} from '@portico/contracts/payment-frame/virtual-terminal-options';
import {
  applyCustomFieldAccess,
  type TerminalFieldAccess,
} from '@portico/contracts/virtual-terminals/terminal-configuration';
import {
  defaultVirtualTerminal,
  type VirtualTerminalUrl,
  virtualTerminalUrlListResponse,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pollUntilAnswered } from '../utils/virtual-terminal.utils';
import { virtualTerminalKeys } from './keys';

// The virtual terminal's load sequence: the merchant and the user's permissions on it,
// then its terminals, then the frame params. Any other failure falls back to the basic frame.
export type VirtualTerminalLoad =
  | { kind: 'frame'; params: PaymentFrameParams; notice: string | null }
  | { kind: 'message'; text: string; needsConfiguration: boolean };

// The basic payment frame: the publishable key, the virtual-terminal flag and the terminal defaults.
const basicParams = (publishableKey: string): PaymentFrameParams =>
  withVirtualTerminalDefaults({ publishableKey, isVirtualTerminal: true });

// The terminal's own params, with its custom fields as the user's role sees them (required,
// optional or hidden; the charge path applies the same rule).
function paramsOfTerminal(
  terminal: VirtualTerminalUrl,
  publishableKey: string,
  fieldAccess: TerminalFieldAccess | undefined,
): PaymentFrameParams {
  try {
    const encoded = new URL(terminal.url, window.location.origin).searchParams.get(
      paymentFrameParamsQueryName,
    );
    const decoded = encoded === null ? null : decodePaymentFrameParams(encoded);
    if (decoded?.ok && decoded.params.publishableKey === publishableKey) {
      const customFields = applyCustomFieldAccess(terminal.customFields, fieldAccess);
      // What the terminal's configuration leaves unset takes the virtual terminal's defaults.
      return withVirtualTerminalDefaults({ ...decoded.params, customFields, terminalId: terminal.id });
    }
  } catch {
    // An unreadable stored address: the basic frame.
  }
  return { ...basicParams(publishableKey), terminalId: terminal.id };
}

async function chooseTerminal(publishableKey: string, query: VirtualTerminalQuery, signal?: AbortSignal) {
  const terminals = await apiRequest('/api/virtualterminalurl', {
    schema: virtualTerminalUrlListResponse.shape.message,
    headers: { Authorization: `Bearer ${publishableKey}` },
    ...(signal ? { signal } : {}),
  });
  const asked =
    query.terminalId === null ? undefined : terminals.find((terminal) => terminal.id === query.terminalId);
  const notice =
    query.terminalId !== null && asked === undefined ? VirtualTerminalPageText.TerminalNotFound : null;
  return { terminal: asked ?? defaultVirtualTerminal(terminals), notice };
}

export async function loadVirtualTerminal(
  publishableKey: string,
  search: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VirtualTerminalLoad> {
  const query = virtualTerminalQueryOf(new URLSearchParams(search));
  let merchant: FrameMerchant;
  try {
    merchant = await pollUntilAnswered(
      () =>
        apiRequest('/api/payment-frame/merchant', {
          schema: frameMerchantResponse.shape.message,
          query: { key: publishableKey },
          ...(signal ? { signal } : {}),
        }),
      signal ? { signal } : {},
    );
  } catch {
    return { kind: 'message', text: VirtualTerminalPageText.MerchantLoadFailed, needsConfiguration: false };
  }
  if (merchant.virtual_terminal === null) {
    return { kind: 'message', text: PaymentFrameText.NoPaymentMethodPermissions, needsConfiguration: false };
  }
  let base = basicParams(publishableKey);
  let notice: string | null = null;
  try {
    const chosen = await chooseTerminal(publishableKey, query, signal);
    if (chosen.terminal === undefined) {
      return { kind: 'message', text: VirtualTerminalPageText.NoTerminals, needsConfiguration: true };
    }
    const fieldAccess = merchant.virtual_terminal.custom_field_access?.[chosen.terminal.id];
    base = paramsOfTerminal(chosen.terminal, publishableKey, fieldAccess);
    notice = chosen.notice;
  } catch {
    // Other errors fall back to the basic payment frame.
  }
  const params = virtualTerminalFrameParams(base, query, {
    paymentOptions: merchant.virtual_terminal.payment_options,
    omitZip: merchant.virtual_terminal.omit_zip,
  });
  if (params === null) {
    return { kind: 'message', text: PaymentFrameText.NoPaymentMethodPermissions, needsConfiguration: false };
  }
  return { kind: 'frame', params, notice };
}

// The frame's address; a saved method chosen on the page goes in (paymentMethodId).
export function virtualTerminalFrameSrc(params: PaymentFrameParams, paymentMethodId: string | null): string {
  const chosen = paymentMethodId === null ? params : { ...params, paymentMethodId };
  return paymentFrameAddress('', encodePaymentFrameParams(chosen));
}

export function virtualTerminalLoadQueryOptions(publishableKey: string, search: string) {
  return queryOptions({
    queryKey: virtualTerminalKeys.load(publishableKey, search),
    queryFn: ({ signal }) => loadVirtualTerminal(publishableKey, search, { signal }),
    retry: false,
  });
}

export function useVirtualTerminalLoad(publishableKey: string, search: string) {
  return useQuery(virtualTerminalLoadQueryOptions(publishableKey, search));
}
