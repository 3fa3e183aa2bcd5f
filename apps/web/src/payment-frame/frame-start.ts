import { linkStateMessage } from '@portico/contracts/payment-frame/link-terms';
import {
  decodePaymentFrameParams,
  paymentFrameParamsQueryName,
  paymentFrameSignatureQueryName,
} from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { fetchMerchant } from './frame-api';
import { showMessage } from './frame-dom';
import { renderPaymentForm } from './frame-form';

// The frame's start: its params, its merchant, then the form; a paid one-time link or an expired
// link says so instead of asking for a card (contracts payment-frame/link-terms.ts).
export async function startPaymentFrame(root: HTMLElement, search: string): Promise<void> {
  const query = new URLSearchParams(search);
  const encoded = query.get(paymentFrameParamsQueryName) ?? '';
  const sig = query.get(paymentFrameSignatureQueryName) ?? undefined;
  const decoded = decodePaymentFrameParams(encoded);
  if (!decoded.ok) return showMessage(root, PaymentFrameText.InvalidLink, 'error');
  showMessage(root, 'Loading...', 'info');
  const merchant = await fetchMerchant(decoded.params.publishableKey, encoded, sig);
  if (!merchant.ok) return showMessage(root, merchant.message, 'error');
  const closed = linkStateMessage(merchant.value.link_state);
  if (closed !== null) return showMessage(root, closed, 'info');
  renderPaymentForm(root, decoded.params, sig, encoded, merchant.value);
}
