// The portal's toast API (title, text, type, delay, autohide, canClose).
// Mantine's notifications package loads with the first toast rather than with /login: its
// container, transitions and scroll-lock offsets weigh ~15 kB gzipped, too much for the first-load budget.

export type ToastType = 'success' | 'danger' | 'warning' | 'info';

export type Toast = {
  title?: string;
  text: string;
  type?: ToastType;
  // Milliseconds before it hides; the host's default (5 s) when absent.
  delay?: number;
  autohide?: boolean;
  canClose?: boolean;
};

// Management toasts last 5 s, at most two at once, newest on top.
export const TOAST_LIMIT = 2;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-center';

const toastColors: Record<ToastType, string> = {
  success: 'green',
  danger: 'red',
  warning: 'orange',
  info: 'blue',
};

let isHostRequested = false;
const hostListeners = new Set<() => void>();

export function subscribeToToastHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

export function isToastHostRequested(): boolean {
  return isHostRequested;
}

function requestToastHost() {
  if (isHostRequested) return;
  isHostRequested = true;
  for (const listener of hostListeners) listener();
}

export async function showToast(toast: Toast): Promise<string> {
  requestToastHost();
  const { notifications, notificationsStore } = await import('@mantine/notifications');
  // The container applies these when it mounts; a toast shown before then must obey them too.
  notificationsStore.updateState((state) => ({
    ...state,
    limit: TOAST_LIMIT,
    defaultPosition: TOAST_POSITION,
  }));
  const type = toast.type ?? 'warning';
  return notifications.show({
    title: toast.title,
    message: toast.text,
    color: toastColors[type],
    autoClose: toast.autohide === false ? false : (toast.delay ?? TOAST_AUTO_CLOSE_MS),
    withCloseButton: toast.canClose ?? true,
  });
}
