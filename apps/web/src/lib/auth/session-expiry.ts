// A call answered 401 while the portal believes it is signed in: the session ended on the server
// (idle or absolute limit, logout in another tab). The query client reports it here and the signed-in
// part of the portal, when mounted, signs out. Nothing listens on the sign-in pages, so a 401 there
// (an expired login link) never triggers it.

const listeners = new Set<() => void>();

export function reportSessionExpired(): void {
  for (const listener of listeners) listener();
}

export function onSessionExpired(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
