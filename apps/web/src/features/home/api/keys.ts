// Whose figures a dashboard call answers: the merchant the admin picked (null: the server's default
// for the caller) and the client being viewed as, which the transport adds to every call.
export type DashboardScope = { merchantId: string | null; viewAsClientId: string | null };

function scopeKey(scope: DashboardScope) {
  return { merchantId: scope.merchantId, viewAsClientId: scope.viewAsClientId };
}

export const homeKeys = {
  all: ['home'] as const,
  readiness: () => [...homeKeys.all, 'readiness'] as const,
  stats: (scope: DashboardScope) => [...homeKeys.all, 'stats', scopeKey(scope)] as const,
  clientsMeta: (scope: DashboardScope) => [...homeKeys.all, 'clients-meta', scopeKey(scope)] as const,
  riskAlerts: (scope: DashboardScope) => [...homeKeys.all, 'risk-alerts', scopeKey(scope)] as const,
  operationsAlerts: () => [...homeKeys.all, 'operations-alerts'] as const,
  operationsAlertsOf: (scope: DashboardScope) => [...homeKeys.operationsAlerts(), scopeKey(scope)] as const,
  certification: (scope: DashboardScope) => [...homeKeys.all, 'certification', scopeKey(scope)] as const,
  merchantSyncOptions: () => [...homeKeys.all, 'merchant-sync-options'] as const,
  // The keys answer follows the viewed-as client the transport adds.
  apiKeys: (viewAsClientId: string | null) => [...homeKeys.all, 'api-keys', { viewAsClientId }] as const,
};

// The ?id= of a dashboard call: absent when the server should choose.
export function dashboardQuery(scope: DashboardScope): { id?: string } {
  return scope.merchantId === null ? {} : { id: scope.merchantId };
}
