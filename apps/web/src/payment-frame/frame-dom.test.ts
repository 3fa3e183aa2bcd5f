import { paymentFrameHeightMessageType } from '@portico/contracts/payment-frame/params';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postHeightToParent } from './frame-dom';

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
