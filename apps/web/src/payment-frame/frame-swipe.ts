import { parseSwipe, type SwipedCard } from '@portico/contracts/payment-frame/swipe';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { el, field, showMessage } from './frame-dom';

// The card reader (swipe) field: a USB reader types the stripe's tracks and
// Enter into the focused field. The text is read at once (contracts swipe.ts) and the field
// emptied: the track is never shown, sent or kept; only the card number and expiry wait, in memory,
// for the tokenisation call.
export type SwipeReader = {
  node: HTMLElement;
  card: () => SwipedCard | null;
  clear: () => void;
};

export function swipeReader(onName: (card: SwipedCard) => void): SwipeReader {
  let read: SwipedCard | null = null;
  const input = el('input', {
    name: 'swipe',
    id: 'swipe',
    // The track is typed like a password: not shown, not remembered by the browser.
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const status = el('div', { class: 'swipe-status', 'aria-live': 'polite' });
  const readTyped = () => {
    if (input.value === '') return;
    const reading = parseSwipe(input.value);
    input.value = '';
    if (!reading.ok) {
      read = null;
      return showMessage(status, PaymentFrameText.SwipeNotRead, 'error');
    }
    read = reading.card;
    onName(reading.card);
    const name = [reading.card.firstName, reading.card.lastName].filter(Boolean).join(' ');
    const expiry = `${reading.card.expMonth}/${reading.card.expYear}`;
    showMessage(
      status,
      `Card read: •••• ${reading.card.number.slice(-4)}, expires ${expiry}${name ? `, ${name}` : ''}`,
      'info',
    );
  };
  // The reader's closing Enter reads the swipe instead of submitting the form.
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    readTyped();
  });
  input.addEventListener('change', readTyped);
  const node = el('div', { class: 'group' }, [
    field('Card reader', input),
    el('p', { class: 'note' }, ['Click the card reader field and swipe the card.']),
    status,
  ]);
  return {
    node,
    card: () => read,
    clear: () => {
      read = null;
      status.replaceChildren();
    },
  };
}
