import type { ChargeMethod, FrameMerchant } from '@portico/contracts/payment-frame/charge';
import type { PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { el, field } from './frame-dom';

// Paying on a linked device: newpos, pax and terminal are offered on the virtual terminal
// only (a payer on a link has no device at hand), when the params name them, the user's permissions
// keep them and the merchant has an open terminal of that kind. The card is read on the device; the
// frame sends only the terminal's id and waits for the device's answer.

export const deviceMethods = ['newpos', 'pax', 'terminal'] as const;
type DeviceMethod = (typeof deviceMethods)[number];
type Device = NonNullable<NonNullable<FrameMerchant['virtual_terminal']>['devices']>[number];

export const deviceLabels: Record<DeviceMethod, string> = {
  newpos: 'NEWPOS device',
  pax: 'PAX device',
  terminal: 'Terminal',
};

export const DeviceText = {
  Waiting: 'Waiting for the device... Please present the card on the terminal.',
  ChooseDevice: 'Terminal device',
} as const;

export function isDeviceMethod(method: ChargeMethod): method is DeviceMethod {
  return method === 'newpos' || method === 'pax' || method === 'terminal';
}

// The open devices a method may use: NEWPOS and PAX their own kind, Terminal any.
export function devicesOf(merchant: FrameMerchant, method: ChargeMethod): Device[] {
  const devices = merchant.virtual_terminal?.devices ?? [];
  if (method === 'newpos') return devices.filter((device) => device.terminal_type === 'NEWPOS');
  if (method === 'pax') return devices.filter((device) => device.terminal_type === 'PAX');
  return method === 'terminal' ? devices : [];
}

export function deviceMethodsOf(
  params: PaymentFrameParams,
  merchant: FrameMerchant,
  allowed: readonly string[],
): DeviceMethod[] {
  if (!params.isVirtualTerminal || !merchant.can_take_card) return [];
  return deviceMethods.filter((method) => allowed.includes(method) && devicesOf(merchant, method).length > 0);
}

// The device select: the params' terminal (the link builder's choice) when it is open, else the first.
export function deviceChooser(merchant: FrameMerchant, preferred: string | undefined) {
  const select = el('select', { name: 'device', id: 'device' });
  const node = field(DeviceText.ChooseDevice, select);
  return {
    node,
    show(method: ChargeMethod) {
      const devices = devicesOf(merchant, method);
      node.hidden = !isDeviceMethod(method);
      select.replaceChildren(
        ...devices.map((device) =>
          el('option', { value: device.id }, [
            `${device.name ?? device.terminal_type} (lane ${device.lane_id})`,
          ]),
        ),
      );
      const chosen = devices.find((device) => device.id === preferred) ?? devices[0];
      if (chosen) select.value = chosen.id;
    },
    value: () => select.value,
  };
}
