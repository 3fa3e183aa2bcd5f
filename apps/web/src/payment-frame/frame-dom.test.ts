import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  type PaymentFrameParams,
  paymentFrameColorSchemeMessageType,
  paymentFrameHeightMessageType,
} from '@portico/contracts/payment-frame/params';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyBrand,
  applyColorScheme,
  applyPageDesign,
  colorSchemeFromMessage,
  colorSchemeOf,
  followHostColorScheme,
  postHeightToParent,
} from './frame-dom';

describe('postHeightToParent', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts the page's height to its parent on each change, once per height, and nothing when not framed", () => {
    let onResize = () => {};
    let observers = 0;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          observers += 1;
          onResize = callback;
        }
        observe() {}
      },
    );
    const posted: unknown[] = [];
    const parent = { postMessage: (message: unknown) => posted.push(message) };
    const root = { scrollHeight: 812.4 };
    const framed = { defaultView: { parent }, documentElement: root, body: {} };
    postHeightToParent(framed as unknown as Document);
    onResize();
    onResize();
    root.scrollHeight = 1030;
    onResize();
    expect(posted).toEqual([
      { type: paymentFrameHeightMessageType, height: 813 },
      { type: paymentFrameHeightMessageType, height: 1030 },
    ]);

    // The portal's own page (its parent is itself) observes nothing.
    const top: { parent?: unknown } = {};
    top.parent = top;
    postHeightToParent({ defaultView: top, documentElement: root, body: {} } as unknown as Document);
    expect(observers).toBe(1);
  });
});

describe('the colour scheme', () => {
  const key = '0d7c4791-78ee-4803-9c4d-0332784a1478';
  const decode = (params: Omit<PaymentFrameParams, 'publishableKey'>) =>
    decodePaymentFrameParams(encodePaymentFrameParams({ publishableKey: key, ...params }));

  afterEach(() => {
    document.documentElement.removeAttribute('data-color-scheme');
    document.documentElement.removeAttribute('style');
    document.head.replaceChildren();
  });

  it('is dark only when the params ask for it; none, light and a broken link are light', () => {
    expect(colorSchemeOf(decode({ colorScheme: 'dark' }))).toBe('dark');
    expect(colorSchemeOf(decode({ colorScheme: 'light' }))).toBe('light');
    expect(colorSchemeOf(decode({ amount: '5.00' }))).toBe('light');
    expect(colorSchemeOf(decodePaymentFrameParams('%%%'))).toBe('light');
    expect(colorSchemeOf({ ok: false })).toBe('light');
  });

  it("gives the dark palette to the page, while a link's page design and a white label still win", () => {
    const style = document.createElement('style');
    // Read as text: the web test tier does not process CSS imports.
    style.textContent = readFileSync(join(import.meta.dirname, 'payment-frame.css'), 'utf8');
    document.head.append(style);
    const root = document.documentElement;
    const variable = (name: string) => getComputedStyle(root).getPropertyValue(name).trim();
    expect(variable('--page-bg')).toBe('#fff');

    applyColorScheme(root, 'dark');
    expect(root.getAttribute('data-color-scheme')).toBe('dark');
    expect(variable('--page-bg')).toBe('#242424');
    expect(variable('--method-bg')).toBe('#2e2e2e');
    expect(variable('--pay-bg')).toBe('#dee2e6');

    applyPageDesign(root, {
      submitButtonStyle: { appearance: 'custom', backgroundColor: '#0b7285', textColor: '#ffffff' },
      paymentMethodStyle: { appearance: 'custom', backgroundColor: '#ffffff', textColor: '#000000' },
    });
    expect(variable('--pay-bg')).toBe('#0b7285');
    expect(variable('--method-bg')).toBe('#ffffff');
    applyBrand(root, { color: '#5f3dc4' });
    expect(variable('--focus-border')).toBe('#5f3dc4');
    // What neither sets keeps the dark default.
    expect(variable('--input-bg')).toBe('#2e2e2e');

    applyColorScheme(root, 'light');
    expect(variable('--input-bg')).toBe('#fff');
  });
});

describe("the host's colour scheme messages", () => {
  const parent = { name: 'the framing window' };
  const frame = { parent, origin: 'https://portal.example' };
  const message = (overrides: Partial<{ source: unknown; origin: string; data: unknown }> = {}) => ({
    source: parent,
    origin: frame.origin,
    data: { type: paymentFrameColorSchemeMessageType, colorScheme: 'dark' },
    ...overrides,
  });

  it('takes the scheme of a well-formed message from the framing window on its own origin', () => {
    expect(colorSchemeFromMessage(message(), frame)).toBe('dark');
    const light = { type: paymentFrameColorSchemeMessageType, colorScheme: 'light' };
    expect(colorSchemeFromMessage(message({ data: light }), frame)).toBe('light');
  });

  it('ignores a message from any other window', () => {
    expect(colorSchemeFromMessage(message({ source: { name: 'another window' } }), frame)).toBeNull();
    expect(colorSchemeFromMessage(message({ source: null }), { ...frame, parent: null })).toBeNull();
  });

  it('ignores a message from another origin', () => {
    expect(colorSchemeFromMessage(message({ origin: 'https://elsewhere.example' }), frame)).toBeNull();
    expect(colorSchemeFromMessage(message({ origin: 'null' }), frame)).toBeNull();
  });

  it('ignores a message of another type', () => {
    const height = { type: paymentFrameHeightMessageType, colorScheme: 'dark' };
    expect(colorSchemeFromMessage(message({ data: height }), frame)).toBeNull();
    expect(colorSchemeFromMessage(message({ data: { colorScheme: 'dark' } }), frame)).toBeNull();
    expect(colorSchemeFromMessage(message({ data: 'dark' }), frame)).toBeNull();
    expect(colorSchemeFromMessage(message({ data: null }), frame)).toBeNull();
  });

  it('ignores a scheme other than light or dark', () => {
    for (const colorScheme of ['auto', 'Dark', '', null, undefined, 1]) {
      const data = { type: paymentFrameColorSchemeMessageType, colorScheme };
      expect(colorSchemeFromMessage(message({ data }), frame)).toBeNull();
    }
  });

  describe('followHostColorScheme', () => {
    const root = document.documentElement;
    afterEach(() => root.removeAttribute('data-color-scheme'));
    const post = (data: unknown, source: MessageEventSource | null, origin = window.location.origin) =>
      window.dispatchEvent(new MessageEvent('message', { data, source, origin }));
    const scheme = (colorScheme: string) => ({ type: paymentFrameColorSchemeMessageType, colorScheme });

    it("sets the page's scheme from its host's messages only, until it stops listening", () => {
      const stop = followHostColorScheme(window);
      applyColorScheme(root, 'light');
      post(scheme('dark'), window.parent);
      expect(root.getAttribute('data-color-scheme')).toBe('dark');
      post(scheme('light'), null);
      post(scheme('light'), window.parent, 'https://elsewhere.example');
      post(scheme('auto'), window.parent);
      expect(root.getAttribute('data-color-scheme')).toBe('dark');
      post(scheme('light'), window.parent);
      expect(root.getAttribute('data-color-scheme')).toBe('light');
      stop();
      post(scheme('dark'), window.parent);
      expect(root.getAttribute('data-color-scheme')).toBe('light');
    });
  });
});
