// The shortcut as the keyboard in front of the user names it: Cmd-K on Apple devices, Ctrl-K elsewhere.
export function searchShortcutLabel(isApple: boolean): string {
  return isApple ? '⌘K' : 'Ctrl K';
}

export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /mac|iphone|ipad|ipod/i.test(navigator.platform || navigator.userAgent);
}
