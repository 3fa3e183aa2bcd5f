import { formatCentsAsMoney } from '@portico/contracts/money/decimal';
import { chargeAmountOf } from '@portico/contracts/payment-frame/amount';
import {
  type BillingAddressInput,
  billingAddressLabels,
  billingAddressOf,
  billingAddressParts,
  billingAddressRuleOf,
} from '@portico/contracts/payment-frame/billing-address';
import { cardProblemOf } from '@portico/contracts/payment-frame/card';
import type { ChargeBody, ChargeMethod, FrameMerchant } from '@portico/contracts/payment-frame/charge';
import { chargeWithFee, passedOnRateOfMethod } from '@portico/contracts/payment-frame/fee';
import { saveModeOf } from '@portico/contracts/payment-frame/link-options';
import type { FrameCustomField, PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { isWalletMethod, walletLabels } from '@portico/contracts/payment-frame/wallet';
import { merchantTimeZone } from '@portico/contracts/subscriptions/schedule';
import {
  SubscriptionTermsText,
  subscriptionTermsOf,
  subscriptionTermsOfLink,
} from '@portico/contracts/subscriptions/subscription-terms';
import { charge, tokenize } from './frame-api';
import { DeviceText, deviceChooser, deviceLabels, deviceMethodsOf, isDeviceMethod } from './frame-device';
import { applyBrand, applyPageDesign, el, field, showMessage } from './frame-dom';
import { frameLinkOptions } from './frame-link-options';
import { showApproval } from './frame-result';
import { richDescription } from './frame-rich-text';
import { swipeReader } from './frame-swipe';
import { openWalletSheet } from './frame-wallet';

// The payment frame's form: plain DOM, no React or Mantine, so the first load stays
// small (budget: 60 kB of gzipped JavaScript). Card numbers go only to the tokenisation call.

const methodLabels: Record<ChargeMethod, string> = {
  credit_card: 'Card',
  bank: 'Bank account (ACH)',
  cash: 'Cash',
  saved: 'Saved payment method',
  swipe: 'Swipe card',
  apple_pay: walletLabels.apple_pay,
  google_pay: walletLabels.google_pay,
  ...deviceLabels,
};

// Card payments that are not keyed: each needs the merchant's card processor (and on the virtual
// terminal its own permission).
const cardEntryMethods = ['swipe', 'apple_pay', 'google_pay'] as const;

// Which methods this frame offers: the link's (or the virtual terminal's permitted) options the
// merchant can take; a saved method when the link names one.
export function methodsOf(params: PaymentFrameParams, merchant: FrameMerchant): ChargeMethod[] {
  const virtualTerminal = params.isVirtualTerminal ? merchant.virtual_terminal : null;
  const configured =
    params.paymentOptions ?? (virtualTerminal ? virtualTerminal.payment_options : ['credit_card']);
  const allowed = virtualTerminal
    ? configured.filter((option) => virtualTerminal.payment_options.includes(option))
    : configured;
  const methods: ChargeMethod[] = [];
  if (params.customerId && params.paymentMethodId) methods.push('saved');
  if (allowed.includes('credit_card') && merchant.can_take_card) methods.push('credit_card');
  for (const method of cardEntryMethods) {
    if (allowed.includes(method) && merchant.can_take_card) methods.push(method);
  }
  if (allowed.includes('bank') && merchant.can_take_ach) methods.push('bank');
  if (allowed.includes('cash') && virtualTerminal) methods.push('cash');
  methods.push(...deviceMethodsOf(params, merchant, allowed));
  return methods;
}

// Whether the payer must fill a custom field: required by the role on the virtual terminal, or
// required of guests on a payment link (the charge path checks the same).
export function isCustomFieldRequired(custom: FrameCustomField, isVirtualTerminal: boolean): boolean {
  return custom.required === true || (!isVirtualTerminal && custom.requireForGuest === true);
}

// 'Fee: 1.03 · Total: 26.03' for the chosen method and typed amount, or null when no fee applies.
export function feeLineOf(
  params: PaymentFrameParams,
  merchant: FrameMerchant,
  method: ChargeMethod,
  amountText: string,
): string | null {
  const rate = passedOnRateOfMethod(method, merchant.passed_on_rates);
  const parsed = chargeAmountOf(amountText, null);
  if (!parsed.ok) return null;
  const { feeCents, totalCents } = chargeWithFee(parsed.cents, rate, params.showFeeValue === true);
  if (feeCents === 0) return null;
  return `Fee: ${formatCentsAsMoney(feeCents)} · Total: ${formatCentsAsMoney(totalCents)}`;
}

// What a payer of a subscription link agrees to, before paying: the same terms the first receipt
// repeats. The charge dates are the merchant's, named with their zone. A free-form amount is the one
// entered.
function subscriptionTermsSection(
  params: PaymentFrameParams,
  isAmountFixed: boolean,
  now: Date,
): HTMLElement {
  const link = { ...params, amount: isAmountFixed ? params.amount : undefined };
  const lines = subscriptionTermsOf(subscriptionTermsOfLink(link, now, merchantTimeZone), merchantTimeZone);
  return el('section', { class: 'terms', 'aria-labelledby': 'subscription-terms' }, [
    el('h2', { id: 'subscription-terms' }, [SubscriptionTermsText.Heading]),
    el(
      'ul',
      {},
      lines.map((line) => el('li', {}, [line])),
    ),
  ]);
}

function customFieldInput(
  custom: FrameCustomField,
  isRequired: boolean,
): { node: HTMLElement; read: () => string | boolean } {
  const name = `custom-${custom.name}`;
  if (custom.type === 'checkbox') {
    const input = el('input', { type: 'checkbox', name, id: name });
    if (isRequired) input.setAttribute('aria-required', 'true');
    return { node: el('label', { class: 'check' }, [input, custom.name]), read: () => input.checked };
  }
  if (custom.type === 'dropdown' || custom.type === 'radio') {
    const select = el('select', { name, id: name }, [
      el('option', { value: '' }, ['Select...']),
      ...(custom.values ?? []).map((value) => el('option', { value }, [value])),
    ]);
    return { node: field(custom.name, select, isRequired), read: () => select.value };
  }
  const input = el('input', { type: custom.type === 'date' ? 'date' : 'text', name, id: name });
  return { node: field(custom.name, input, isRequired), read: () => input.value };
}

export function renderPaymentForm(
  root: HTMLElement,
  params: PaymentFrameParams,
  sig: string | undefined,
  encoded: string,
  merchant: FrameMerchant,
) {
  const methods = methodsOf(params, merchant);
  if (methods.length === 0) {
    const text = params.isVirtualTerminal
      ? PaymentFrameText.NoPaymentMethodPermissions
      : PaymentFrameText.MethodNotAvailable;
    return showMessage(root, text, 'error');
  }
  applyBrand(document.documentElement, merchant.brand);
  applyPageDesign(document.documentElement, params.styles);
  const isVirtualTerminal = Boolean(params.isVirtualTerminal && merchant.virtual_terminal);
  const isAmountFixed = params.amount !== undefined && !params.freeFormAmount && !isVirtualTerminal;
  const form = el('form', { novalidate: '' });
  // showLogoUrl: the merchant's logo from this origin (the frame's CSP takes no other
  // images); a merchant without one shows just its name.
  if (params.showLogoUrl) {
    const logo = el('img', {
      class: 'logo',
      src: `/api/payment-frame/logo?${new URLSearchParams({ key: params.publishableKey }).toString()}`,
      alt: `${merchant.name} logo`,
    });
    logo.addEventListener('error', () => logo.remove());
    form.append(logo);
  }
  form.append(el('h1', {}, [merchant.name]));
  if (merchant.brand)
    form.append(el('p', { class: 'note brand' }, [PaymentFrameText.paymentsBy(merchant.brand.entity_name)]));
  if (params.description && params.showDescription !== false)
    form.append(richDescription(params.description));
  if (params.customerMessage) form.append(el('p', { class: 'note' }, [params.customerMessage]));

  const amount = el('input', {
    name: 'amount',
    id: 'amount',
    inputmode: 'decimal',
    value: params.amount ?? '',
  });
  if (isAmountFixed) amount.readOnly = true;
  form.append(field('Amount', amount));
  // The link's options; their totals follow the amount, tip and method (showFee below).
  const options = frameLinkOptions(params, () => showFee());
  form.append(...options.afterAmount);
  if (params.paymentType === 'subscription')
    form.append(subscriptionTermsSection(params, isAmountFixed, new Date()));
  if (params.showFeeValue && params.feeMessage) form.append(el('p', { class: 'note' }, [params.feeMessage]));
  // The fee passed on is shown before paying, with the total the payer will be charged.
  const feeLine = el('p', { class: 'fee', 'aria-live': 'polite' });
  form.append(feeLine);

  const firstName = el('input', { name: 'firstName', id: 'firstName', autocomplete: 'given-name' });
  const lastName = el('input', { name: 'lastName', id: 'lastName', autocomplete: 'family-name' });
  const email = el('input', {
    name: 'email',
    id: 'email',
    type: 'email',
    autocomplete: 'email',
    value: params.email ?? '',
  });
  // fullName: the payer's first and last name are required.
  const isNameRequired = params.fullName === true;
  form.append(field('First name', firstName, isNameRequired), field('Last name', lastName, isNameRequired));
  // A card saved to the vault is kept under the payer's e-mail, so saving shows the field.
  const isEmailShown = params.emailOption !== 'off' || saveModeOf(params) !== null;
  if (isEmailShown) form.append(field('Email', email, params.emailOption === 'required'));
  // phoneOption: off (the default), optional or required.
  const phone = el('input', {
    name: 'phone',
    id: 'phone',
    type: 'tel',
    autocomplete: 'tel',
    maxlength: '40',
  });
  const isPhoneShown = params.phoneOption === 'optional' || params.phoneOption === 'required';
  if (isPhoneShown) form.append(field('Phone', phone, params.phoneOption === 'required'));

  // billingAddress / showBillingDetails: required of a payer, optional on the terminal.
  const billingRule = billingAddressRuleOf(params, isVirtualTerminal);
  const billingAutocomplete = {
    line1: 'address-line1',
    city: 'address-level2',
    state: 'address-level1',
    postalCode: 'postal-code',
  } as const;
  const billingInputs = billingAddressParts.map((part) => {
    const input = el('input', {
      name: `billing-${part}`,
      id: `billing-${part}`,
      autocomplete: `billing ${billingAutocomplete[part]}`,
      maxlength: part === 'postalCode' ? '20' : '100',
    });
    if (billingRule.isShown) form.append(field(billingAddressLabels[part], input, billingRule.isRequired));
    return { part, input };
  });
  const billingOfForm = () => {
    const typed: BillingAddressInput = {};
    for (const { part, input } of billingInputs) typed[part] = input.value;
    return billingAddressOf(typed, billingRule.isRequired);
  };

  // showLocationsDropdown: the server lists locations only where the params allow it.
  const location = el('select', { name: 'location', id: 'location' }, [
    el('option', { value: '' }, ['Select...']),
    ...merchant.locations.map((option) => el('option', { value: option.id }, [option.name])),
  ]);
  if (merchant.locations.length > 0) form.append(field('Location', location));

  const customReaders = (params.customFields ?? []).map((custom) => {
    const isRequired = isCustomFieldRequired(custom, isVirtualTerminal);
    const built = customFieldInput(custom, isRequired);
    form.append(built.node);
    return { name: custom.name, isRequired, read: built.read };
  });

  const methodGroup = el('fieldset', { class: 'methods' }, [el('legend', {}, ['Payment method'])]);
  const methodInputs = methods.map((method, index) => {
    const input = el('input', { type: 'radio', name: 'method', value: method, id: `method-${method}` });
    input.checked = index === 0;
    // The virtual terminal's card option reads 'Credit Card - Key Entry'.
    const text =
      isVirtualTerminal && method === 'credit_card' ? 'Credit Card - Key Entry' : methodLabels[method];
    methodGroup.append(el('label', { class: 'method' }, [input, text]));
    return input;
  });
  form.append(...options.beforeMethods, methodGroup);

  const cardNumber = el('input', {
    name: 'cardNumber',
    id: 'cardNumber',
    inputmode: 'numeric',
    autocomplete: 'cc-number',
  });
  const expMonth = el('input', {
    name: 'expMonth',
    id: 'expMonth',
    inputmode: 'numeric',
    autocomplete: 'cc-exp-month',
    maxlength: '2',
  });
  const expYear = el('input', {
    name: 'expYear',
    id: 'expYear',
    inputmode: 'numeric',
    autocomplete: 'cc-exp-year',
    maxlength: '4',
  });
  const cvv = el('input', {
    name: 'cvv',
    id: 'cvv',
    inputmode: 'numeric',
    autocomplete: 'cc-csc',
    maxlength: '4',
  });
  const zip = el('input', { name: 'zip', id: 'zip', autocomplete: 'postal-code', maxlength: '10' });
  const isZipShown = isVirtualTerminal ? !merchant.virtual_terminal?.omit_zip : params.zipMode !== 'off';
  const cardFields = el('div', { class: 'group' }, [
    field('Card number', cardNumber),
    el('div', { class: 'row' }, [
      field('Expiry month (MM)', expMonth),
      field('Expiry year (YYYY)', expYear),
      field('CVV', cvv),
    ]),
    ...(isZipShown ? [field('Billing ZIP', zip)] : []),
  ]);
  const routing = el('input', { name: 'routingNumber', id: 'routingNumber', inputmode: 'numeric' });
  const account = el('input', { name: 'accountNumber', id: 'accountNumber', inputmode: 'numeric' });
  const accountType = el('select', { name: 'accountType', id: 'accountType' }, [
    el('option', { value: 'checking' }, ['Checking']),
    el('option', { value: 'savings' }, ['Savings']),
  ]);
  const bankFields = el('div', { class: 'group' }, [
    field('Routing number', routing),
    field('Account number', account),
    field('Account type', accountType),
  ]);
  // A swiped card's name fills the payer's name where it is empty.
  const swipe = swipeReader((card) => {
    if (firstName.value.trim() === '' && card.firstName) firstName.value = card.firstName;
    if (lastName.value.trim() === '' && card.lastName) lastName.value = card.lastName;
  });
  // The device select exists only where a device payment is offered.
  const device = methods.some(isDeviceMethod) ? deviceChooser(merchant, params.terminal) : null;
  form.append(cardFields, swipe.node, bankFields, ...(device ? [device.node] : []));

  const selected = (): ChargeMethod => {
    const value = methodInputs.find((input) => input.checked)?.value;
    return methods.find((method) => method === value) ?? methods[0] ?? 'credit_card';
  };
  const showFee = () => {
    const line =
      params.allowTip === true
        ? options.totalLine(
            amount.value,
            passedOnRateOfMethod(selected(), merchant.passed_on_rates),
            params.showFeeValue === true,
          )
        : feeLineOf(params, merchant, selected(), amount.value);
    feeLine.textContent = line ?? '';
    feeLine.hidden = line === null;
  };
  const showMethodFields = () => {
    cardFields.hidden = selected() !== 'credit_card';
    swipe.node.hidden = selected() !== 'swipe';
    bankFields.hidden = selected() !== 'bank';
    device?.show(selected());
    showFee();
  };
  for (const input of methodInputs) input.addEventListener('change', showMethodFields);
  amount.addEventListener('input', showFee);
  showMethodFields();

  const label = `Pay${params.isSandbox ? ' TEST' : ''}`;
  const submit = el('button', { type: 'submit', class: 'pay' }, [label]);
  const status = el('div', { class: 'status', role: 'status' });
  form.append(...options.beforeSubmit);
  if (params.buttonTopPosition) form.prepend(submit);
  else form.append(submit);
  form.append(status);

  // One key per payment: a double click or a retry after a lost answer pays once.
  let idempotencyKey = crypto.randomUUID();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const method = selected();
    const parsedAmount = chargeAmountOf(amount.value, null);
    if (!parsedAmount.ok) return showMessage(status, parsedAmount.message, 'error');
    const missing = customReaders.find((reader) => {
      const value = reader.read();
      return reader.isRequired && (value === false || (typeof value === 'string' && value.trim() === ''));
    });
    if (missing) return showMessage(status, PaymentFrameText.CustomFieldRequired(missing.name), 'error');
    if (params.emailOption === 'required' && email.value.trim() === '') {
      return showMessage(status, PaymentFrameText.CustomFieldRequired('Email'), 'error');
    }
    if (params.phoneOption === 'required' && phone.value.trim() === '') {
      return showMessage(status, PaymentFrameText.CustomFieldRequired('Phone'), 'error');
    }
    const billing = billingOfForm();
    if (billingRule.isShown && billing.missing !== null) {
      return showMessage(
        status,
        PaymentFrameText.CustomFieldRequired(billingAddressLabels[billing.missing]),
        'error',
      );
    }
    const chosen = options.read(
      amount.value,
      { firstName: firstName.value, lastName: lastName.value, email: email.value },
      method,
    );
    if (!chosen.ok) return showMessage(status, chosen.message, 'error');
    const body: ChargeBody = {
      ...chosen.body,
      params: encoded,
      ...(sig ? { sig } : {}),
      amount: amount.value.trim(),
      method,
      ...(firstName.value.trim() ? { firstName: firstName.value.trim() } : {}),
      ...(lastName.value.trim() ? { lastName: lastName.value.trim() } : {}),
      ...(email.value.trim() ? { email: email.value.trim() } : {}),
      ...(isPhoneShown && phone.value.trim() ? { phone: phone.value.trim() } : {}),
      ...(billingRule.isShown && Object.keys(billing.address).length > 0
        ? { billingAddress: billing.address }
        : {}),
      ...(location.value ? { locationId: location.value } : {}),
      customFields: Object.fromEntries(customReaders.map((reader) => [reader.name, reader.read()])),
    };
    submit.disabled = true;
    showMessage(status, 'Processing...', 'info');
    try {
      if (method === 'credit_card') {
        const card = {
          number: cardNumber.value,
          expMonth: expMonth.value,
          expYear: expYear.value,
          cvv: cvv.value,
        };
        const problem = cardProblemOf(card, new Date(), true);
        if (problem !== null) return showMessage(status, problem, 'error');
        const token = await tokenize({ kind: 'card', ...card });
        if (!token.ok) return showMessage(status, token.message, 'error');
        // The number and CVV leave the page's memory with the form: only the token is kept.
        cardNumber.value = `•••• ${token.value.last4}`;
        cvv.value = '';
        body.token = token.value.token;
        if (zip.value.trim()) body.zip = zip.value.trim();
      } else if (method === 'bank') {
        const token = await tokenize({
          kind: 'bank',
          routingNumber: routing.value,
          accountNumber: account.value,
          accountType: accountType.value === 'savings' ? 'savings' : 'checking',
        });
        if (!token.ok) return showMessage(status, token.message, 'error');
        body.token = token.value.token;
      } else if (method === 'swipe') {
        const card = swipe.card();
        if (card === null) return showMessage(status, PaymentFrameText.SwipeFirst, 'error');
        const token = await tokenize({
          kind: 'swipe',
          number: card.number,
          expMonth: card.expMonth,
          expYear: card.expYear,
        });
        // The number leaves memory with the read card: only the token goes on.
        swipe.clear();
        if (!token.ok) return showMessage(status, token.message, 'error');
        body.token = token.value.token;
      } else if (isWalletMethod(method)) {
        const issuer = await openWalletSheet(root, method, `Pay ${amount.value.trim()} to ${merchant.name}`);
        if (issuer === null) return showMessage(status, PaymentFrameText.WalletCancelled, 'info');
        const token = await tokenize({ kind: 'wallet', wallet: method, issuer });
        if (!token.ok) return showMessage(status, token.message, 'error');
        body.token = token.value.token;
      } else if (method === 'saved' && params.paymentMethodId) {
        body.paymentMethodId = params.paymentMethodId;
      } else if (isDeviceMethod(method) && device) {
        // The device reads the card; the answer comes once the payer has presented it.
        body.terminal_id = device.value();
        showMessage(status, DeviceText.Waiting, 'info');
      }
      const result = await charge(body, idempotencyKey);
      if (!result.ok) return showMessage(status, result.message, 'error');
      idempotencyKey = crypto.randomUUID();
      if ('scheduled' in result.value) {
        // A subscription that starts later was set up; no money moved, so no receipt.
        showMessage(status, result.value.message, 'success');
        const scheduled = { status: 'scheduled', subscription_id: result.value.subscription_id };
        window.parent?.postMessage({ type: 'portico:payment', ...scheduled }, '*');
        form.reset();
        showMethodFields();
        return;
      }
      showApproval(status, result.value, isVirtualTerminal);
      window.parent?.postMessage({ type: 'portico:payment', status: 'approved', id: result.value.id }, '*');
      form.reset();
      showMethodFields();
    } finally {
      submit.disabled = false;
    }
  });
  root.replaceChildren(form);
}
