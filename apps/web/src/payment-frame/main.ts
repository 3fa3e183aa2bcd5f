import { postHeightToParent } from './frame-dom';
import { startPaymentFrame } from './frame-start';
import './payment-frame.css';

// The payment frame's entry.
const root = document.getElementById('payment-frame');
if (root) {
  postHeightToParent();
  void startPaymentFrame(root, window.location.search);
}
