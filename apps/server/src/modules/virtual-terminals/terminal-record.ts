import { randomBytes } from 'node:crypto';
import {
  decodePaymentFrameParams,
  paymentFrameAddress,
  paymentFrameParamsQueryName,
  paymentFramePath,
} from '@portico/contracts/payment-frame/params';
import {
  customFieldsForSaving,
  firstCustomFieldMessage,
} from '@portico/contracts/virtual-terminals/terminal-configuration';
import type { VirtualTerminalCustomField } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';

// How every stored virtual terminal is made, whether a user saves it in the configurator or the demo
// seed creates it: its address is the payment frame's own path with params the frame accepts, naming
// the merchant by its publishable key, signed by the server; its custom fields pass the editor's rules
// and are kept in their saved form. A terminal that breaks these is never stored, so /url/{url_id} and
// the virtual terminal can always read what is.

export type TerminalDraft = {
  publicKey: string;
  name: string;
  isActive: boolean;
  // The payment frame address as the browser built it (any host; only its path and params count).
  url: string;
  customFields: readonly VirtualTerminalCustomField[];
};

export type TerminalValues = {
  name: string;
  url: string;
  isActive: boolean;
  customFields: VirtualTerminalCustomField[];
};

export type TerminalProblem = { kind: 'invalid_url' } | { kind: 'invalid_custom_fields'; message: string };

// The stored address: a path of this portal (no terminal can point elsewhere) with the server's
// signature (the tamper rule at the top of contracts payment-frame/params.ts); unsigned only where no
// data key is at hand (a seed without one). null when the address is not the payment frame with valid
// params naming this merchant by its publishable key.
export function signedPaymentFramePathOf(
  url: string,
  publicKey: string,
  sign: ((encodedParams: string) => string) | undefined,
): string | null {
  let encoded: string | null;
  try {
    const parsed = new URL(url, 'http://portal.invalid');
    if (parsed.pathname !== paymentFramePath || !['http:', 'https:'].includes(parsed.protocol)) return null;
    encoded = parsed.searchParams.get(paymentFrameParamsQueryName);
  } catch {
    return null;
  }
  if (encoded === null) return null;
  const decoded = decodePaymentFrameParams(encoded);
  if (!decoded.ok || decoded.params.publishableKey !== publicKey) return null;
  return paymentFrameAddress('', encoded, sign?.(encoded));
}

export function terminalValuesOf(
  draft: TerminalDraft,
  sign: ((encodedParams: string) => string) | undefined,
): { ok: true; values: TerminalValues } | { ok: false; problem: TerminalProblem } {
  const url = signedPaymentFramePathOf(draft.url, draft.publicKey, sign);
  if (url === null) return { ok: false, problem: { kind: 'invalid_url' } };
  const message = firstCustomFieldMessage(draft.customFields);
  if (message !== null) return { ok: false, problem: { kind: 'invalid_custom_fields', message } };
  return {
    ok: true,
    values: {
      name: draft.name,
      url,
      isActive: draft.isActive,
      customFields: customFieldsForSaving(draft.customFields),
    },
  };
}

// The short public code of /url/{url_id}: 64 random bits, URL-safe.
export function newUrlId(): string {
  return randomBytes(8).toString('base64url');
}
