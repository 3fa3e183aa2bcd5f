import { type PageDesign, paymentFrameHeightMessageType } from '@portico/contracts/payment-frame/params';

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
