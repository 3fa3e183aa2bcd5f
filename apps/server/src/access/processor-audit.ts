// Processor-audit users read the books and change nothing. Any unsafe method is refused
// to them unless the route declares it harmless for an auditor (a search sent as POST, the caller's
// own session or preferences).

// What a route may declare: 'allowed' lets processor-audit users call it whatever its method.
export type ProcessorAuditRule = 'allowed';

const safeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

// Deny by default: every method not known to be safe is a write (PROPFIND, a custom verb...).
export function isSafeMethod(method: string): boolean {
  return safeMethods.has(method.toUpperCase());
}

export function isRefusedToProcessorAuditUser(input: {
  method: string;
  isProcessorAuditUser: boolean;
  routeRule: ProcessorAuditRule | undefined;
}): boolean {
  if (!input.isProcessorAuditUser) return false;
  if (isSafeMethod(input.method)) return false;
  return input.routeRule !== 'allowed';
}
