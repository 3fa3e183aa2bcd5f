import { linkStateMessage } from '@portico/contracts/payment-frame/link-terms';
import {
  decodePaymentFrameParams,
  paymentFrameParamsQueryName,
  paymentFrameSignatureQueryName,
} from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { fetchMerchant } from './frame-api';
import { applyColorScheme, colorSchemeOf, followHostColorScheme, showMessage } from './frame-dom';
import { renderPaymentForm } from './frame-form';

// The frame's start: its params (and its colour scheme from them, then from its host's messages), its
// merchant, then the form; a paid one-time link or an expired link says so instead of asking for a card
// (contracts payment-frame/link-terms.ts).
export async function startPaymentFrame(root: HTMLElement, search: string): Promise<void> {
  const query = new URLSearchParams(search);
  const encoded = query.get(paymentFrameParamsQueryName) ?? '';
  const sig = query.get(paymentFrameSignatureQueryName) ?? undefined;
  const decoded = decodePaymentFrameParams(encoded);
  // First, so that every message the frame shows is in its host's scheme too.
  applyColorScheme(document.documentElement, colorSchemeOf(decoded));
  // Later changes of the host's look come by message, never by a new address: reloading the frame
  // would lose the card data typed so far.
  followHostColorScheme(window);
  if (!decoded.ok) return showMessage(root, PaymentFrameText.InvalidLink, 'error');
  showMessage(root, 'Loading...', 'info');
  const merchant = await fetchMerchant(decoded.params.publishableKey, encoded, sig);
  if (!merchant.ok) return showMessage(root, merchant.message, 'error');
  const closed = linkStateMessage(merchant.value.link_state);
  if (closed !== null) return showMessage(root, closed, 'info');
  renderPaymentForm(root, decoded.params, sig, encoded, merchant.value);
}
