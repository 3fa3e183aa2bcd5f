import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { formatCentsAsDecimal } from '../money/money';

// The Terminals page: a merchant's card-present devices, linking one, ordering a Pax, and their
// texts.

export const TerminalText = {
  PageTitle: 'Terminals',
  GridTitle: 'Terminal Settings',
  ExportFile: 'Terminal Report.xlsx',
  AddTitle: 'Add New Terminal',
  AssignTitle: 'Assign Terminal Location',
  DeleteTitle: 'Delete Terminal',
  OrderTitle: 'Order A Pax Device',
  RequiredFields: 'Please fill out all required fields.',
  MissingLaneId: 'Unable to delete terminal: missing lane ID',
  Deleted: 'Terminal deleted successfully',
  DeleteFailed: 'Failed to delete terminal',
  Added: 'Terminal Added Successfully',
  AddFailed: 'Failed to Add Terminal',
  NotYetLinked:
    'Reload Page. Terminal May Have Been Added But Not Yet Linked. Contact Support if This Continues.',
  NoPermission: 'User does not terminal permission',
  PaxRequiredFields: 'Please fill out all required fields (ensure Exp Month/Year are two digits).',
  PaxOrdered: 'Successful Response! You will receive your terminal in a few days.',
  PaxFailed: 'Request failed. Please double-check your data for valid inputs.',
} as const;

// Answers of our own (the product has no text for them).
export const TerminalErrorText = {
  UnknownDeviceType: 'The device type must be PAX, NEWPOS or Dejavoo.',
  NotFound: 'Terminal not found',
  LocationNotFound: 'Sub-location not found',
  DuplicateLane: 'This merchant already has a terminal with that lane ID.',
  SeveralLanes: 'Several of your merchants have a terminal with that lane ID: name the merchant.',
  PaxNotOffered: "Pax devices are ordered only by merchants whose terminals setting is 'pax'.",
  QuantityAtLeastOne: 'Quantity is at least 1.',
} as const;

export const TerminalErrorCode = {
  NotFound: 'TERMINAL_NOT_FOUND',
  LocationNotFound: 'TERMINAL_LOCATION_NOT_FOUND',
  DuplicateLane: 'TERMINAL_DUPLICATE_LANE',
  SeveralLanes: 'TERMINAL_LANE_AMBIGUOUS',
  LinkRefused: 'TERMINAL_LINK_REFUSED',
  PaxNotOffered: 'PAX_ORDER_NOT_OFFERED',
  PaxCardInvalid: 'PAX_ORDER_CARD_INVALID',
  PaxDeclined: 'PAX_ORDER_DECLINED',
  PaxProcessorUnavailable: 'PAX_ORDER_PROCESSOR_UNAVAILABLE',
} as const;

// The device types a terminal can be.
export const terminalDeviceTypes = ['PAX', 'NEWPOS', 'Dejavoo'] as const;
export type TerminalDeviceType = (typeof terminalDeviceTypes)[number];
export const connectionStatuses = ['open', 'closed'] as const;

// One Pax option priced 260 dollars; total = price x quantity; quantity at least 1.
export const paxDeviceNames = ['PAX A920 Pro'] as const;
export const paxDevices: readonly { name: (typeof paxDeviceNames)[number]; priceCents: number }[] = [
  { name: 'PAX A920 Pro', priceCents: 26_000 },
];
export const paxMaxQuantity = 50;

export function paxPriceCentsOf(deviceName: string): number | null {
  return paxDevices.find((device) => device.name === deviceName)?.priceCents ?? null;
}

export function paxTotalCentsOf(deviceName: string, quantity: number): number | null {
  const price = paxPriceCentsOf(deviceName);
  return price === null || !Number.isInteger(quantity) || quantity < 1 ? null : price * quantity;
}

export function paxTotalText(deviceName: string, quantity: number): string {
  const total = paxTotalCentsOf(deviceName, quantity);
  return total === null ? '0.00' : formatCentsAsDecimal(total);
}

// Lower quantities reset to 1.
export function clampPaxQuantity(quantity: number): number {
  if (!Number.isFinite(quantity) || quantity < 1) return 1;
  return Math.min(Math.floor(quantity), paxMaxQuantity);
}

// ---- GET /api/v1/terminals -------------------------------------------------------------------------

// A terminal (management view), plus the name, the auth key's last four and the provider's status.
export const terminalRowSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  sn: z.string().nullable(),
  tpn: z.string().nullable(),
  lane_id: z.string(),
  register_id: z.string().nullable(),
  is_active: z.boolean(),
  terminal_type: z.enum(terminalDeviceTypes),
  auth_key_last4: z.string().nullable(),
  connection_status: z.enum(connectionStatuses),
  sub_entity: z.object({ id: z.uuid(), name: z.string(), merchant: z.uuid() }).nullable(),
  client: z.object({ id: z.uuid(), name: z.string() }),
});
export type TerminalRow = z.infer<typeof terminalRowSchema>;
export const terminalListResponse = successEnvelope(z.array(terminalRowSchema));

// GET /api/terminal/merchants: where the caller may manage terminals, with the locations a terminal
// may be put in (Portico's own: the forms need them and the sub-location list asks for Permissions).
export const terminalMerchantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  terminals_setting: z.string().nullable(),
  can_order_pax: z.boolean(),
  sub_locations: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TerminalMerchant = z.infer<typeof terminalMerchantSchema>;
export const terminalMerchantsResponse = successEnvelope(z.array(terminalMerchantSchema));

// ---- POST /api/terminal/link ---------------------------------------------------------------------

const required = (max: number) =>
  z.string({ error: TerminalText.RequiredFields }).trim().min(1, TerminalText.RequiredFields).max(max);
const optional = (max: number) => z.string().trim().max(max).optional();

// Link payload: auth key, lane id and device type required, serial number optional.
// merchant_id is ours: the merchant the device is linked for.
export const terminalLinkBody = z.strictObject({
  merchant_id: z.uuid(),
  tpn: optional(40),
  registerId: optional(40),
  authKey: required(200),
  laneId: required(40),
  sn: optional(60),
  device_type: z.enum(terminalDeviceTypes, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? TerminalText.RequiredFields
        : TerminalErrorText.UnknownDeviceType,
  }),
  sub_entity_id: z.uuid().nullable().optional(),
});
export type TerminalLinkBody = z.infer<typeof terminalLinkBody>;

// is_linked false: stored, but the provider has not linked the device yet ('Reload Page...').
export const terminalLinkResponse = successEnvelope(
  z.object({ terminal: terminalRowSchema, is_linked: z.boolean() }),
);

// ---- PATCH /api/v1/terminals/{id} ----------------------------------------------------------------

export const terminalParams = z.strictObject({ id: z.uuid() });
export const assignTerminalBody = z.strictObject({
  sub_entity: z.strictObject({ id: z.uuid() }).nullable(),
});
export const terminalResponse = successEnvelope(terminalRowSchema);

// ---- DELETE /api/terminal/delete/{laneId} --------------------------------------------------------

export const deleteTerminalParams = z.strictObject({
  laneId: z.string().trim().min(1, TerminalText.MissingLaneId).max(40),
});
export const deleteTerminalQuery = z.strictObject({ merchant_id: z.uuid().optional() });
export const deleteTerminalResponse = successEnvelope(z.object({ deleted_id: z.uuid() }));

// ---- POST /api/order-pax -------------------------------------------------------------------------

const paxRequired = (max: number) =>
  z.string({ error: TerminalText.PaxRequiredFields }).trim().min(1, TerminalText.PaxRequiredFields).max(max);

// A Pax order; ExpDate is MMYY (the form's two-digit Exp Month and Exp Year). merchant_id is
// ours: the merchant ordering.
export const paxOrderBody = z.strictObject({
  merchant_id: z.uuid(),
  shipTo: paxRequired(120),
  shipToContact: paxRequired(120),
  shipToAddress: paxRequired(200),
  shipToCity: paxRequired(120),
  shipToState: paxRequired(60),
  shipToZip: paxRequired(10),
  shipToPhone: paxRequired(30),
  cardholderName: paxRequired(120),
  CcNum: paxRequired(23),
  ExpDate: z
    .string({ error: TerminalText.PaxRequiredFields })
    .regex(/^(0[1-9]|1[0-2])\d{2}$/, TerminalText.PaxRequiredFields),
  CVV2: paxRequired(4),
  billingZip: paxRequired(10),
  device_name: z.enum(paxDeviceNames, { error: TerminalText.PaxRequiredFields }),
  quantity: z
    .number({ error: TerminalText.PaxRequiredFields })
    .int(TerminalErrorText.QuantityAtLeastOne)
    .min(1, TerminalErrorText.QuantityAtLeastOne)
    .max(paxMaxQuantity),
});
export type PaxOrderBody = z.infer<typeof paxOrderBody>;

export const paxOrderResultSchema = z.object({
  id: z.uuid(),
  status: z.literal('Approved'),
  message: z.string(),
  device_name: z.string(),
  quantity: z.number().int(),
  amount: z.string(),
  last4: z.string(),
});
export const paxOrderResponse = successEnvelope(paxOrderResultSchema);
