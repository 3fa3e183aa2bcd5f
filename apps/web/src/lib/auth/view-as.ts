// Viewing the product as another client: the client id is kept in localStorage so
// it survives reloads; the acting role then counts as user and calls carry the id (api-client).

export const VIEW_AS_STORAGE_KEY = 'portico.view-as';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

// Stored text is outside data: anything but a client id means "not viewing as".
export function readViewAsClientId(): string | null {
  try {
    const stored = localStorage.getItem(VIEW_AS_STORAGE_KEY);
    return stored !== null && uuidPattern.test(stored) ? stored.toLowerCase() : null;
  } catch {
    // Storage blocked by the browser's privacy settings.
    return null;
  }
}

export function startViewingAs(clientId: string): void {
  if (!uuidPattern.test(clientId)) throw new Error('View as needs a client id');
  localStorage.setItem(VIEW_AS_STORAGE_KEY, clientId.toLowerCase());
  notify();
}

export function stopViewingAs(): void {
  try {
    localStorage.removeItem(VIEW_AS_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  notify();
}

// For useSyncExternalStore: other tabs report through the storage event.
export function subscribeToViewAs(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === VIEW_AS_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
