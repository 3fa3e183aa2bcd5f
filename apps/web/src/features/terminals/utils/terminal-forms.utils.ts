import {
  clampPaxQuantity,
  type PaxOrderBody,
  paxDeviceNames,
  type TerminalDeviceType,
  type TerminalLinkBody,
  terminalDeviceTypes,
} from '@portico/contracts/terminals/terminals';

export type LinkDraft = {
  tpn: string;
  registerId: string;
  authKey: string;
  laneId: string;
  sn: string;
  deviceType: string;
  subEntityId: string;
};

export const emptyLinkDraft: LinkDraft = {
  tpn: '',
  registerId: '',
  authKey: '',
  laneId: '',
  sn: '',
  deviceType: '',
  subEntityId: '',
};

function isDeviceType(value: string): value is TerminalDeviceType {
  return (terminalDeviceTypes as readonly string[]).includes(value);
}

// Auth key, lane id and device type are required ('Please fill out all required
// fields.'); the serial number is optional. null: something required is missing.
export function linkBodyOf(draft: LinkDraft, merchantId: string): TerminalLinkBody | null {
  const authKey = draft.authKey.trim();
  const laneId = draft.laneId.trim();
  if (authKey === '' || laneId === '' || !isDeviceType(draft.deviceType)) return null;
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    merchant_id: merchantId,
    authKey,
    laneId,
    device_type: draft.deviceType,
    tpn: optional(draft.tpn),
    registerId: optional(draft.registerId),
    sn: optional(draft.sn),
    sub_entity_id: draft.subEntityId === '' ? null : draft.subEntityId,
  };
}

export type PaxDraft = {
  shipTo: string;
  shipToContact: string;
  shipToAddress: string;
  shipToCity: string;
  shipToState: string;
  shipToZip: string;
  shipToPhone: string;
  cardholderName: string;
  ccNum: string;
  expMonth: string;
  expYear: string;
  cvv: string;
  billingZip: string;
  deviceName: string;
  quantity: number;
};

export const emptyPaxDraft: PaxDraft = {
  shipTo: '',
  shipToContact: '',
  shipToAddress: '',
  shipToCity: '',
  shipToState: '',
  shipToZip: '',
  shipToPhone: '',
  cardholderName: '',
  ccNum: '',
  expMonth: '',
  expYear: '',
  cvv: '',
  billingZip: '',
  deviceName: paxDeviceNames[0],
  quantity: 1,
};

function isPaxDevice(value: string): value is (typeof paxDeviceNames)[number] {
  return (paxDeviceNames as readonly string[]).includes(value);
}

// Every ship, card and billing field, the device and the quantity are required; Exp
// Month and Exp Year are exactly two digits; quantity at least 1 (lower values reset to 1). null:
// 'Please fill out all required fields (ensure Exp Month/Year are two digits).'
export function paxBodyOf(draft: PaxDraft, merchantId: string): PaxOrderBody | null {
  const texts = [
    draft.shipTo,
    draft.shipToContact,
    draft.shipToAddress,
    draft.shipToCity,
    draft.shipToState,
    draft.shipToZip,
    draft.shipToPhone,
    draft.cardholderName,
    draft.ccNum,
    draft.cvv,
    draft.billingZip,
  ];
  if (texts.some((text) => text.trim() === '')) return null;
  if (!/^\d{2}$/.test(draft.expMonth) || !/^\d{2}$/.test(draft.expYear)) return null;
  if (!isPaxDevice(draft.deviceName)) return null;
  return {
    merchant_id: merchantId,
    shipTo: draft.shipTo.trim(),
    shipToContact: draft.shipToContact.trim(),
    shipToAddress: draft.shipToAddress.trim(),
    shipToCity: draft.shipToCity.trim(),
    shipToState: draft.shipToState.trim(),
    shipToZip: draft.shipToZip.trim(),
    shipToPhone: draft.shipToPhone.trim(),
    cardholderName: draft.cardholderName.trim(),
    CcNum: draft.ccNum.replace(/[\s-]/g, ''),
    ExpDate: `${draft.expMonth}${draft.expYear}`,
    CVV2: draft.cvv.trim(),
    billingZip: draft.billingZip.trim(),
    device_name: draft.deviceName,
    quantity: clampPaxQuantity(draft.quantity),
  };
}
