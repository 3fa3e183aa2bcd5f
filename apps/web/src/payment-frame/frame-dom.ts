import {
  type DecodedParams,
  type FrameColorScheme,
  type PageDesign,
  paymentFrameColorSchemeMessageType,
  paymentFrameHeightMessageType,
} from '@portico/contracts/payment-frame/params';

// The few DOM helpers the frame needs.
type Children = (Node | string)[];

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  children: Children = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

// A labelled control: the label names the input for screen readers and tests. A required one is
// marked by aria-required and a CSS asterisk that stays out of its name.
export function field(label: string, control: HTMLElement, isRequired = false): HTMLElement {
  const id = control.id || `field-${label.replace(/\W+/g, '-').toLowerCase()}`;
  control.id = id;
  if (isRequired) control.setAttribute('aria-required', 'true');
  const attributes: Record<string, string> = isRequired ? { for: id, class: 'required' } : { for: id };
  return el('div', { class: 'field' }, [el('label', attributes, [label]), control]);
}

export function showMessage(target: HTMLElement, text: string, tone: 'info' | 'error' | 'success'): void {
  const message = el('p', { class: `message ${tone}`, ...(tone === 'error' ? { role: 'alert' } : {}) }, [
    text,
  ]);
  target.replaceChildren(message);
}

// The frame's palette: dark only when its params ask for it; params without a scheme, and a link that
// does not decode, are light.
export function colorSchemeOf(decoded: DecodedParams): FrameColorScheme {
  return decoded.ok && decoded.params.colorScheme === 'dark' ? 'dark' : 'light';
}

// The palette goes on the document element, where payment-frame.css reads it (data-color-scheme). A
// page design and a white label set their colours inline on the same element, so they still win.
export function applyColorScheme(root: HTMLElement, colorScheme: FrameColorScheme): void {
  root.setAttribute('data-color-scheme', colorScheme);
}

// The host's later changes of look (contracts payment-frame/params.ts,
// paymentFrameColorSchemeMessageType): the params carry the scheme the frame was opened in, and the host
// does not change the frame's address afterwards, as that would reload it and lose the card data typed
// so far. A message counts only from the window that frames this page, from this page's own origin (the
// portal and the frame are served from one origin), and only as { type, colorScheme: 'light' | 'dark' };
// anything else is null and changes nothing.
export function colorSchemeFromMessage(
  message: { source: unknown; origin: string; data: unknown },
  frame: { parent: unknown; origin: string },
): FrameColorScheme | null {
  if (message.source === null || message.source !== frame.parent) return null;
  if (message.origin !== frame.origin) return null;
  const data = message.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, colorScheme } = data as { type?: unknown; colorScheme?: unknown };
  if (type !== paymentFrameColorSchemeMessageType) return null;
  return colorScheme === 'light' || colorScheme === 'dark' ? colorScheme : null;
}

// Applies each well-formed scheme message from the host as the start applies the params' scheme.
// Returns the function that stops listening.
export function followHostColorScheme(win: Window = window): () => void {
  const onMessage = (event: MessageEvent<unknown>) => {
    const colorScheme = colorSchemeFromMessage(event, { parent: win.parent, origin: win.location.origin });
    if (colorScheme !== null) applyColorScheme(win.document.documentElement, colorScheme);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

// The white label of the merchant's hierarchy: its colour (readable on white, white text on it) for
// the pay button, focus and the selected method. A page design set on the link still wins.
export function applyBrand(root: HTMLElement, brand: { color: string | null } | null | undefined): void {
  if (!brand?.color) return;
  for (const name of ['--pay-bg', '--pay-hover-bg', '--focus-border', '--method-selected-border']) {
    root.style.setProperty(name, brand.color);
  }
  root.style.setProperty('--pay-text', '#ffffff');
  root.style.setProperty('--pay-hover-text', '#ffffff');
}

// The page design: custom colours become CSS variables; 'default' keeps the frame's own.
export function applyPageDesign(root: HTMLElement, design: PageDesign | undefined): void {
  const set = (name: string, value: string | undefined) => {
    if (value) root.style.setProperty(name, value);
  };
  const button = design?.submitButtonStyle;
  if (button?.appearance === 'custom') {
    set('--pay-bg', button.backgroundColor);
    set('--pay-text', button.textColor);
    set('--pay-hover-bg', button.hoverBackgroundColor);
    set('--pay-hover-text', button.hoverTextColor);
  }
  const input = design?.inputStyle;
  if (input?.appearance === 'custom') set('--focus-border', input.focusBorderColor);
  if (input?.mode === 'simple') root.classList.add('inputs-simple');
  const method = design?.paymentMethodStyle;
  if (method?.appearance === 'custom') {
    set('--method-bg', method.backgroundColor);
    set('--method-text', method.textColor);
    set('--method-border', method.borderColor);
    set('--method-selected-bg', method.selectedBackgroundColor);
    set('--method-selected-text', method.selectedTextColor);
    set('--method-selected-border', method.selectedBorderColor);
  }
}

// A framed page tells its parent how tall it is, on every change (a message shown, fields that wrap on
// a narrow screen), so the host can fit the frame to it instead of scrolling inside it. Only the height
// is sent; the virtual terminal takes it from its own frame only (virtual-terminal-page.tsx).
export function postHeightToParent(doc: Document = document): void {
  const parent = doc.defaultView?.parent;
  if (!parent || parent === doc.defaultView || typeof ResizeObserver === 'undefined') return;
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(doc.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    parent.postMessage({ type: paymentFrameHeightMessageType, height }, '*');
  }).observe(doc.body);
}
