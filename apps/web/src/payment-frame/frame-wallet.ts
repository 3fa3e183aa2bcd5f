import {
  type SandboxWalletIssuer,
  sandboxWalletCards,
  type WalletMethod,
  walletLabels,
} from '@portico/contracts/payment-frame/wallet';
import { el } from './frame-dom';

// The sandbox wallet sheet: stands in for the browser's Apple Pay or Google Pay sheet,
// which this build cannot show. It offers the sandbox wallet's test cards (contracts wallet.ts);
// Confirm answers the card chosen, Cancel or Escape null.
export function openWalletSheet(
  host: HTMLElement,
  wallet: WalletMethod,
  summary: string,
): Promise<SandboxWalletIssuer | null> {
  return new Promise((resolve) => {
    const title = `${walletLabels[wallet]} (sandbox)`;
    const choices = sandboxWalletCards.map((card, index) => {
      const input = el('input', { type: 'radio', name: 'wallet-card', value: card.issuer });
      input.checked = index === 0;
      return { card, input, node: el('label', { class: 'method' }, [input, card.label]) };
    });
    const confirm = el('button', { type: 'button', class: 'pay' }, ['Confirm']);
    const cancel = el('button', { type: 'button', class: 'secondary' }, ['Cancel']);
    const sheet = el(
      'div',
      { class: 'wallet-sheet', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'wallet-title' },
      [
        el('h2', { id: 'wallet-title' }, [title]),
        el('p', { class: 'note' }, [summary]),
        el('fieldset', { class: 'methods' }, [el('legend', {}, ['Card']), ...choices.map((c) => c.node)]),
        el('div', { class: 'actions' }, [cancel, confirm]),
      ],
    );
    const backdrop = el('div', { class: 'wallet-backdrop' }, [sheet]);
    const close = (answer: SandboxWalletIssuer | null) => {
      backdrop.remove();
      resolve(answer);
    };
    confirm.addEventListener('click', () => {
      close(choices.find((choice) => choice.input.checked)?.card.issuer ?? null);
    });
    cancel.addEventListener('click', () => close(null));
    backdrop.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close(null);
    });
    host.append(backdrop);
    confirm.focus();
  });
}
