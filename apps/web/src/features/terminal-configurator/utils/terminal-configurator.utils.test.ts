import { describe, expect, it } from 'vitest';
import {
  availableTerminalMethods,
  defaultTerminalParams,
  frameParamsOf,
  terminalFrameUrl,
  terminalParamsFromUrl,
} from './terminal-configurator.utils';

const key = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const configured = { level_three_data_enabled: false, crypto: false, payment: true, ach: false };

describe('the payment methods the configurator offers by default', () => {
  it('offers pax for a PAX merchant, newpos and terminal for any merchant with terminals, none without', () => {
    expect(availableTerminalMethods({ ...configured, terminals: null })).toEqual([
      'credit_card',
      'cash',
      'apple_pay',
      'google_pay',
      'swipe',
    ]);
    expect(availableTerminalMethods({ ...configured, terminals: 'pax' })).toEqual([
      'credit_card',
      'cash',
      'apple_pay',
      'google_pay',
      'swipe',
      'terminal',
      'pax',
      'newpos',
    ]);
    expect(availableTerminalMethods({ ...configured, terminals: 'dejavoo' })).toEqual(
      expect.not.arrayContaining(['pax']),
    );
    expect(availableTerminalMethods({ ...configured, terminals: 'dejavoo' })).toEqual(
      expect.arrayContaining(['terminal', 'newpos']),
    );
  });

  it('keeps the device methods through a save and a reload of the terminal address', () => {
    const available = availableTerminalMethods({ ...configured, terminals: 'pax' });
    const settings = {
      ...defaultTerminalParams(available),
      paymentOptions: ['credit_card', 'pax', 'terminal'] as const,
    };
    const url = terminalFrameUrl(
      'https://portal.test',
      frameParamsOf(key, { ...settings, paymentOptions: [...settings.paymentOptions] }),
    );
    expect(terminalParamsFromUrl(url, defaultTerminalParams(available)).paymentOptions).toEqual([
      'credit_card',
      'pax',
      'terminal',
    ]);
  });
});
