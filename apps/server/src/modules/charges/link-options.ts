import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import type { ChargeBody } from '@portico/contracts/payment-frame/charge';
import {
  isCardToBeSaved,
  isFullNameGiven,
  type LinkOptionsRecord,
  LinkOptionsText,
  levelTwoDataOf,
  lineItemsOf,
  saveModeOf,
  shippingAddressLabels,
  shippingAddressOf,
  tipCentsOf,
} from '@portico/contracts/payment-frame/link-options';
import type { PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { ChargeError } from './charges.errors';

// A charge's link options (contracts payment-frame/link-options.ts), checked before any money moves:
// each answer is taken only where the link offers it (a body carrying one the link does not offer is
// refused, not quietly dropped), and what the payment keeps goes to its meta.linkOptions.

export type LinkOptionsOfCharge = {
  tipCents: number;
  record: LinkOptionsRecord;
  saveCard: boolean;
};

function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

function assertOffered(
  isOffered: boolean,
  isGiven: boolean,
  message: string = LinkOptionsText.LevelDataNotOffered,
) {
  if (isGiven && !isOffered) throw ChargeError.LinkOptionNotOffered(message);
}

export function linkOptionsOfCharge(input: {
  body: ChargeBody;
  params: PaymentFrameParams;
  amountCents: number;
  isCard: boolean;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): LinkOptionsOfCharge {
  const { body, params, amountCents } = input;
  const record: LinkOptionsRecord = {};

  assertOffered(params.allowTip === true, !isBlank(body.tip), LinkOptionsText.TipNotOffered);
  const tip = tipCentsOf(body.tip, amountCents);
  if (!tip.ok) throw ChargeError.LinkOptionInvalid(tip.message);
  if (tip.cents > 0) record.tip = formatCentsAsDecimal(tip.cents);

  assertOffered(params.optIn === true, body.optIn !== undefined, LinkOptionsText.OptionNotOffered);
  if (params.optIn === true) record.optIn = body.optIn === true;

  if (params.fullName === true && !isFullNameGiven(input.firstName ?? '', input.lastName ?? '')) {
    throw ChargeError.CustomFieldRequired(LinkOptionsText.FullNameRequired);
  }

  assertOffered(
    params.address === true,
    body.shippingAddress !== undefined,
    LinkOptionsText.OptionNotOffered,
  );
  if (params.address === true) {
    const shipping = shippingAddressOf(body.shippingAddress);
    if (shipping.missing !== null) {
      throw ChargeError.CustomFieldRequired(
        PaymentFrameText.CustomFieldRequired(shippingAddressLabels[shipping.missing]),
      );
    }
    record.shippingAddress = shipping.address;
  }

  const saveMode = saveModeOf(params);
  assertOffered(saveMode === 'ask', body.saveCard !== undefined, LinkOptionsText.OptionNotOffered);
  // 'always' saves cards only (a bank account pays unsaved); a payer who ticked the box pays by card.
  if (body.saveCard === true && !input.isCard) {
    throw ChargeError.LinkOptionInvalid(LinkOptionsText.SaveNeedsCard);
  }
  const saveCard = isCardToBeSaved(params, body.saveCard) && body.method !== 'saved' && input.isCard;
  if (saveCard && input.email === null) throw ChargeError.LinkOptionInvalid(LinkOptionsText.SaveNeedsEmail);

  assertOffered(params.isLevelTwoDataEnabled === true, body.levelTwo !== undefined);
  if (params.isLevelTwoDataEnabled === true) {
    const levelTwo = levelTwoDataOf(body.levelTwo, amountCents);
    if (!levelTwo.ok) throw ChargeError.LinkOptionInvalid(levelTwo.message);
    if (levelTwo.data !== null) record.levelTwo = levelTwo.data;
  }
  assertOffered(params.isLevelThreeDataEnabled === true, body.lineItems !== undefined);
  if (params.isLevelThreeDataEnabled === true) {
    const items = lineItemsOf(body.lineItems);
    if (!items.ok) throw ChargeError.LinkOptionInvalid(items.message);
    if (items.items.length > 0) record.levelThree = { lineItems: items.items };
  }
  if (saveCard) record.savedToVault = true;
  return { tipCents: tip.cents, record, saveCard };
}
