import { formatCentsAsMoney } from '@portico/contracts/money/decimal';
import { chargeAmountOf } from '@portico/contracts/payment-frame/amount';
import type { ChargeBody, ChargeMethod } from '@portico/contracts/payment-frame/charge';
import { chargeWithFee } from '@portico/contracts/payment-frame/fee';
import {
  isFullNameGiven,
  type LineItemInput,
  LinkOptionsText,
  levelTwoDataOf,
  lineItemsOf,
  saveModeOf,
  shippingAddressLabels,
  shippingAddressOf,
  shippingAddressParts,
  tipCentsOf,
} from '@portico/contracts/payment-frame/link-options';
import type { PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { el, field } from './frame-dom';

// The payment link's options on the frame (contracts payment-frame/link-options.ts): the tip and the
// total it makes, the shipping address, level 2 / level 3 purchase data, the save-card choice and the
// opt-in. Each is shown only where the link sets it; the charge path checks every rule again.

export type LinkOptionsBody = Pick<
  ChargeBody,
  'tip' | 'optIn' | 'shippingAddress' | 'saveCard' | 'levelTwo' | 'lineItems'
>;

export type FrameLinkOptions = {
  // Shown after the amount (tip and total), before the method (shipping, purchase data).
  afterAmount: HTMLElement[];
  beforeMethods: HTMLElement[];
  // Shown just above the pay button (save card, opt-in).
  beforeSubmit: HTMLElement[];
  tipText: () => string;
  // The total line for the amount, the tip and the method's fee; null when nothing is added.
  totalLine: (amountText: string, feeRate: string | null, isFeeShown: boolean) => string | null;
  // The options' part of the charge body, or the message that stops the payment.
  read: (
    amountText: string,
    names: { firstName: string; lastName: string; email: string },
    method: ChargeMethod,
  ) => { ok: true; body: LinkOptionsBody } | { ok: false; message: string };
  isEmailRequired: () => boolean;
};

function lineItemRow(index: number, onRemove: (row: HTMLElement) => void) {
  const input = (name: string, attributes: Record<string, string> = {}) =>
    el('input', { name: `line-${index}-${name}`, id: `line-${index}-${name}`, ...attributes });
  const description = input('description', { maxlength: '200' });
  const productCode = input('productCode', { maxlength: '50' });
  const quantity = input('quantity', { inputmode: 'numeric', maxlength: '6', value: '1' });
  const unitPrice = input('unitPrice', { inputmode: 'decimal', maxlength: '20' });
  const remove = el('button', { type: 'button', class: 'link-button' }, [LinkOptionsText.RemoveLineItem]);
  remove.setAttribute('aria-label', `${LinkOptionsText.RemoveLineItem} ${index}`);
  const row = el('div', { class: 'line-item', role: 'group', 'aria-label': `Line item ${index}` }, [
    field(LinkOptionsText.LineItemDescription, description),
    el('div', { class: 'row' }, [
      field(LinkOptionsText.LineItemProductCode, productCode),
      field(LinkOptionsText.LineItemQuantity, quantity),
      field(LinkOptionsText.LineItemUnitPrice, unitPrice),
    ]),
    remove,
  ]);
  remove.addEventListener('click', () => onRemove(row));
  const read = (): LineItemInput => ({
    description: description.value,
    productCode: productCode.value,
    quantity: quantity.value,
    unitPrice: unitPrice.value,
  });
  return { row, read };
}

export function frameLinkOptions(params: PaymentFrameParams, onChange: () => void): FrameLinkOptions {
  const afterAmount: HTMLElement[] = [];
  const beforeMethods: HTMLElement[] = [];
  const beforeSubmit: HTMLElement[] = [];

  const tip = el('input', { name: 'tip', id: 'tip', inputmode: 'decimal', maxlength: '20' });
  if (params.allowTip === true) {
    tip.setAttribute('aria-describedby', 'tip-hint');
    tip.addEventListener('input', onChange);
    afterAmount.push(
      el('div', { class: 'tip' }, [
        field(LinkOptionsText.Tip, tip),
        el('p', { class: 'hint', id: 'tip-hint' }, [LinkOptionsText.TipHint]),
      ]),
    );
  }

  const shippingInputs = shippingAddressParts.map((part) => {
    const input = el('input', {
      name: `shipping-${part}`,
      id: `shipping-${part}`,
      autocomplete: `shipping ${{ line1: 'address-line1', city: 'address-level2', state: 'address-level1', postalCode: 'postal-code' }[part]}`,
      maxlength: part === 'postalCode' ? '20' : '100',
    });
    return { part, input };
  });
  if (params.address === true) {
    beforeMethods.push(
      el('fieldset', { class: 'group options' }, [
        el('legend', {}, [LinkOptionsText.ShippingHeading]),
        ...shippingInputs.map(({ part, input }) => field(shippingAddressLabels[part], input, true)),
      ]),
    );
  }

  const poNumber = el('input', { name: 'poNumber', id: 'poNumber', maxlength: '50' });
  const taxAmount = el('input', {
    name: 'taxAmount',
    id: 'taxAmount',
    inputmode: 'decimal',
    maxlength: '20',
  });
  if (params.isLevelTwoDataEnabled === true) {
    beforeMethods.push(
      el('fieldset', { class: 'group options' }, [
        el('legend', {}, [LinkOptionsText.LevelTwoHeading]),
        el('div', { class: 'row two' }, [
          field(LinkOptionsText.PoNumber, poNumber),
          field(LinkOptionsText.TaxAmount, taxAmount),
        ]),
      ]),
    );
  }

  const lineItems: { row: HTMLElement; read: () => LineItemInput }[] = [];
  if (params.isLevelThreeDataEnabled === true) {
    const list = el('div', { class: 'line-items' });
    let counter = 0;
    const add = () => {
      counter += 1;
      const item = lineItemRow(counter, (row) => {
        const at = lineItems.findIndex((candidate) => candidate.row === row);
        if (at >= 0) lineItems.splice(at, 1);
        row.remove();
      });
      lineItems.push(item);
      list.append(item.row);
    };
    add();
    const addButton = el('button', { type: 'button', class: 'link-button' }, [LinkOptionsText.AddLineItem]);
    addButton.addEventListener('click', () => {
      if (lineItems.length < 50) add();
    });
    beforeMethods.push(
      el('fieldset', { class: 'group options' }, [
        el('legend', {}, [LinkOptionsText.LevelThreeHeading]),
        list,
        addButton,
      ]),
    );
  }

  const saveMode = saveModeOf(params);
  const saveCard = el('input', { type: 'checkbox', name: 'saveCard', id: 'saveCard' });
  if (saveMode === 'ask') {
    saveCard.addEventListener('change', onChange);
    beforeSubmit.push(el('label', { class: 'check' }, [saveCard, LinkOptionsText.SaveCard]));
  } else if (saveMode === 'always') {
    beforeSubmit.push(el('p', { class: 'note' }, [LinkOptionsText.SaveCardAlways]));
  }
  const optIn = el('input', { type: 'checkbox', name: 'optIn', id: 'optIn' });
  if (params.optIn === true)
    beforeSubmit.push(el('label', { class: 'check' }, [optIn, LinkOptionsText.OptIn]));

  const isSaving = () => saveMode === 'always' || (saveMode === 'ask' && saveCard.checked);

  return {
    afterAmount,
    beforeMethods,
    beforeSubmit,
    tipText: () => tip.value,
    totalLine: (amountText, feeRate, isFeeShown) => {
      const amount = chargeAmountOf(amountText, null);
      if (!amount.ok) return null;
      const tipCents =
        params.allowTip === true ? tipCentsOf(tip.value, amount.cents) : { ok: true, cents: 0 };
      const withTip = amount.cents + (tipCents.ok ? tipCents.cents : 0);
      const { feeCents, totalCents } = chargeWithFee(withTip, feeRate, isFeeShown);
      if (feeCents === 0 && withTip === amount.cents) return null;
      const parts = [
        ...(withTip === amount.cents
          ? []
          : [`${LinkOptionsText.Tip}: ${formatCentsAsMoney(withTip - amount.cents)}`]),
        ...(feeCents === 0 ? [] : [`Fee: ${formatCentsAsMoney(feeCents)}`]),
        LinkOptionsText.Total(formatCentsAsMoney(totalCents)),
      ];
      return parts.join(' · ');
    },
    isEmailRequired: isSaving,
    read: (amountText, names, method) => {
      const amount = chargeAmountOf(amountText, null);
      const amountCents = amount.ok ? amount.cents : 0;
      if (params.fullName === true && !isFullNameGiven(names.firstName, names.lastName)) {
        return { ok: false, message: LinkOptionsText.FullNameRequired };
      }
      const body: LinkOptionsBody = {};
      if (params.allowTip === true && tip.value.trim() !== '') {
        const tipCents = tipCentsOf(tip.value, amountCents);
        if (!tipCents.ok) return { ok: false, message: tipCents.message };
        body.tip = tip.value.trim();
      }
      if (params.address === true) {
        const typed: Record<string, string> = {};
        for (const { part, input } of shippingInputs) typed[part] = input.value;
        const shipping = shippingAddressOf(typed);
        if (shipping.missing !== null) {
          return {
            ok: false,
            message: PaymentFrameText.CustomFieldRequired(shippingAddressLabels[shipping.missing]),
          };
        }
        body.shippingAddress = shipping.address;
      }
      if (params.isLevelTwoDataEnabled === true) {
        const levelTwo = levelTwoDataOf(
          { poNumber: poNumber.value, taxAmount: taxAmount.value },
          amountCents,
        );
        if (!levelTwo.ok) return { ok: false, message: levelTwo.message };
        body.levelTwo = { poNumber: poNumber.value.trim(), taxAmount: taxAmount.value.trim() };
      }
      if (params.isLevelThreeDataEnabled === true) {
        const typed = lineItems.map((item) => item.read());
        const checked = lineItemsOf(typed);
        if (!checked.ok) return { ok: false, message: checked.message };
        body.lineItems = typed;
      }
      if (saveMode === 'ask') body.saveCard = saveCard.checked;
      const isCardMethod = ['credit_card', 'swipe', 'apple_pay', 'google_pay'].includes(method);
      if (saveMode === 'ask' && saveCard.checked && !isCardMethod) {
        return { ok: false, message: LinkOptionsText.SaveNeedsCard };
      }
      if (isSaving() && isCardMethod && names.email.trim() === '') {
        return { ok: false, message: LinkOptionsText.SaveNeedsEmail };
      }
      if (params.optIn === true) body.optIn = optIn.checked;
      return { ok: true, body };
    },
  };
}
