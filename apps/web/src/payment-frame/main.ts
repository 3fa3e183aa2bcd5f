import {
  decodePaymentFrameParams,
  paymentFrameParamsQueryName,
  paymentFrameSignatureQueryName,
} from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { fetchMerchant } from './frame-api';
import { postHeightToParent, showMessage } from './frame-dom';
import { renderPaymentForm } from './frame-form';
import './payment-frame.css';

// The payment frame's entry: its params, its merchant, then the form.
async function start() {
  const root = document.getElementById('payment-frame');
  if (!root) return;
  postHeightToParent();
  const query = new URLSearchParams(window.location.search);
  const encoded = query.get(paymentFrameParamsQueryName) ?? '';
  const sig = query.get(paymentFrameSignatureQueryName) ?? undefined;
  const decoded = decodePaymentFrameParams(encoded);
  if (!decoded.ok) return showMessage(root, PaymentFrameText.InvalidLink, 'error');
  showMessage(root, 'Loading...', 'info');
  const merchant = await fetchMerchant(decoded.params.publishableKey, encoded, sig);
  if (!merchant.ok) return showMessage(root, merchant.message, 'error');
  renderPaymentForm(root, decoded.params, sig, encoded, merchant.value);
}

void start();
