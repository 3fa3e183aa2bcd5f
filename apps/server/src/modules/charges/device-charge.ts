import type { ChargeMethod } from '@portico/contracts/payment-frame/charge';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { terminals } from '../../db/schema/terminals';
import type {
  DeviceSaleAnswer,
  TerminalDevice,
  TerminalProvider,
} from '../../integrations/terminals/terminal-provider';
import { type AppError, defineErrors } from '../../lib/app-error';
import type { MoneyOperation, PaymentAttempt } from '../../lib/money-attempt';
import { terminalDeviceOf } from '../terminals/terminal-device';
import { findTerminal } from '../terminals/terminals.repository';
import { listMerchantLocations } from './charges.repository';

// Paying on a linked device from the payment frame: the frame names one of the merchant's
// own linked terminals; the sale runs on the device through the terminal provider (which answers
// only a brand, the last four and its reference) under the same money attempt as every charge: the
// attempt's id is the device's idempotency key, so a double click pays once.

export const deviceMethods = ['newpos', 'pax', 'terminal'] as const;
export type DeviceMethod = (typeof deviceMethods)[number];
export function isDeviceMethod(method: ChargeMethod): method is DeviceMethod {
  return method === 'newpos' || method === 'pax' || method === 'terminal';
}

// The attempt operation of a device sale (the reconcile asks the terminal provider, not a gateway).
export const deviceChargeOperationName = 'device_charge';

export const DeviceChargeText = {
  TerminalNotFound: 'This terminal was not found.',
  TerminalNotConnected: 'This terminal is not connected. Please check the device and try again.',
} as const;

export const DeviceChargeError = defineErrors({
  TerminalNotFound: ['TERMINAL_NOT_FOUND', 'not_found'],
  TerminalNotConnected: ['TERMINAL_NOT_CONNECTED', 'conflict'],
});

// The device a method may use: NEWPOS and PAX their own kind, 'terminal' any linked device.
const deviceTypeOfMethod: Record<DeviceMethod, TerminalDevice['deviceType'] | null> = {
  newpos: 'NEWPOS',
  pax: 'PAX',
  terminal: null,
};

const deviceContext = z.object({
  clientId: z.string(),
  tpn: z.string().nullable(),
  registerId: z.string().nullable(),
  laneId: z.string(),
  serialNumber: z.string().nullable(),
  deviceType: z.enum(['PAX', 'NEWPOS', 'Dejavoo']),
  isActive: z.boolean(),
});
export type DeviceContext = z.infer<typeof deviceContext>;

type Location = { id: string; name: string; customFields: Record<string, string | number> };

// The merchant's own open terminal a charge names, its transaction meta (lane, TPN) and its
// sub-location (the payment's location). A foreign or unknown terminal is a 404, a closed one a 409:
// nothing is claimed, no money moves.
export async function deviceOfCharge(
  tx: Executor,
  provider: TerminalProvider | undefined,
  input: {
    merchantId: string;
    method: DeviceMethod;
    terminalId: string | undefined;
    tiedLocationIds: readonly string[];
  },
): Promise<{ context: DeviceContext; meta: Record<string, string>; location: Location | null }> {
  const row = input.terminalId === undefined ? undefined : await findTerminal(tx, input.terminalId);
  const wantedType = deviceTypeOfMethod[input.method];
  if (
    provider === undefined ||
    row === undefined ||
    row.clientId !== input.merchantId ||
    (wantedType !== null && row.terminalType !== wantedType)
  ) {
    throw DeviceChargeError.TerminalNotFound(DeviceChargeText.TerminalNotFound);
  }
  const { id, ...context } = terminalDeviceOf(row);
  const statuses = await provider.connectionStatuses([{ ...context, id }]);
  if (statuses.get(row.id) !== 'open') {
    throw DeviceChargeError.TerminalNotConnected(DeviceChargeText.TerminalNotConnected);
  }
  // A user tied to locations pays only on a device of one of theirs.
  if (input.tiedLocationIds.length > 0 && !input.tiedLocationIds.includes(row.subEntityId ?? '')) {
    throw DeviceChargeError.TerminalNotFound(PaymentFrameText.LocationNotValid);
  }
  const location =
    row.subEntityId === null
      ? null
      : ((await listMerchantLocations(tx, input.merchantId)).find((l) => l.id === row.subEntityId) ?? null);
  return {
    context,
    meta: {
      entry_mode: 'device',
      terminal_id: row.id,
      lane_id: row.laneId,
      ...(row.tpn ? { tpn: row.tpn } : {}),
      device_type: row.terminalType,
    },
    location,
  };
}

// The charge operation asking the device instead of the card gateway. The card the device read (brand
// and last four only) joins the transaction row when the approval is booked.
export function deviceChargeOperation<T>(
  provider: TerminalProvider | undefined,
  base: MoneyOperation<T>,
  unavailable: () => AppError,
): MoneyOperation<T> {
  const cards = new Map<string, { brand: string; last4: string }>();
  const toGateway = (attempt: PaymentAttempt, answer: DeviceSaleAnswer) => {
    if (answer.outcome === 'declined') return answer;
    cards.set(attempt.id, { brand: answer.brand, last4: answer.last4 });
    return { outcome: 'approved' as const, reference: answer.reference };
  };
  // A closed device (DeviceClosedError) or an unreachable provider: nothing was charged.
  const ask = async <A>(call: (terminals: TerminalProvider) => Promise<A>): Promise<A> => {
    if (provider === undefined) throw unavailable();
    try {
      return await call(provider);
    } catch {
      throw unavailable();
    }
  };
  const withCard = (attempt: PaymentAttempt): PaymentAttempt => {
    const card = cards.get(attempt.id);
    const context = z.looseObject({ row: z.looseObject({}) }).parse(attempt.context);
    if (card === undefined) return attempt;
    cards.delete(attempt.id);
    return {
      ...attempt,
      context: {
        ...context,
        row: { ...context.row, cardBrand: card.brand, cardType: 'credit', last4: card.last4 },
      },
    };
  };
  return {
    responseSchema: base.responseSchema,
    call: (attempt) =>
      ask(async (terminals) => {
        const { device } = z.looseObject({ device: deviceContext }).parse(attempt.context);
        return toGateway(attempt, await terminals.sale(device, attempt.amountCents, attempt.id));
      }),
    lookup: (attempt) =>
      ask(async (terminals) => {
        const answer = await terminals.saleOf(attempt.id);
        return answer === null ? null : toGateway(attempt, answer);
      }),
    settle: (tx, attempt, answer) => base.settle(tx, withCard(attempt), answer),
    failureOf: base.failureOf,
    recordFailure: base.recordFailure,
  };
}

// The merchant's open linked terminals a virtual terminal user may pay on (the frame offers newpos,
// pax and terminal only when there are any): a user tied to locations sees the devices of theirs.
export async function openDevicesOf(
  db: Executor,
  provider: TerminalProvider | undefined,
  merchantId: string,
  tiedLocationIds: readonly string[],
): Promise<
  { id: string; name: string | null; lane_id: string; terminal_type: DeviceContext['deviceType'] }[]
> {
  if (provider === undefined) return [];
  const rows = (
    await db
      .select()
      .from(terminals)
      .where(and(eq(terminals.clientId, merchantId), eq(terminals.isActive, true)))
      .orderBy(asc(terminals.laneId))
  ).filter((row) => tiedLocationIds.length === 0 || tiedLocationIds.includes(row.subEntityId ?? ''));
  const statuses = await provider.connectionStatuses(rows.map(terminalDeviceOf));
  return rows
    .filter((row) => statuses.get(row.id) === 'open')
    .map((row) => ({ id: row.id, name: row.name, lane_id: row.laneId, terminal_type: row.terminalType }));
}
