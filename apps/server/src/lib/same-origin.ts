// Cross-site request forgery: SameSite=Lax keeps the session cookie off requests from
// other sites, but a sibling subdomain or another port of the same host is the *same site* and still
// gets it. So every unsafe request must also come from the portal's own origin, as the browser states
// it in Origin (or, where a browser sends no Origin, Sec-Fetch-Site). Callers that are not browsers
// send neither header and carry no cookie of a victim.

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

// The portal's origin from PUBLIC_URL; on a loopback address the other loopback names of the same
// port are the same machine and the same portal.
export function allowedOriginsOf(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!loopbackHosts.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return loopbackHosts.map((host) => `${url.protocol}//${host}${port}`);
}

export type RequestProvenance = {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
};

export function isForgeryFree(request: RequestProvenance, allowedOrigins: readonly string[]): boolean {
  if (safeMethods.has(request.method.toUpperCase())) return true;
  if (request.origin !== undefined) return allowedOrigins.includes(request.origin.toLowerCase());
  if (request.secFetchSite !== undefined) {
    return request.secFetchSite === 'same-origin' || request.secFetchSite === 'none';
  }
  return true;
}
