import { lazy, Suspense, useSyncExternalStore } from 'react';
import {
  isToastHostRequested,
  subscribeToToastHost,
  TOAST_AUTO_CLOSE_MS,
  TOAST_LIMIT,
  TOAST_POSITION,
} from './toasts';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

// Mounts Mantine's container once the first toast is requested, then stays for exit animations.
export function ToastHost() {
  const isRequested = useSyncExternalStore(subscribeToToastHost, isToastHostRequested, isToastHostRequested);
  if (!isRequested) return null;

  return (
    <Suspense fallback={null}>
      <Notifications position={TOAST_POSITION} limit={TOAST_LIMIT} autoClose={TOAST_AUTO_CLOSE_MS} />
    </Suspense>
  );
}
