import { decideRouteAccess, findPortalRouteForPathname } from '@portico/contracts/access/routes';
import type { UserType } from '@portico/contracts/auth/roles';
import { type DashboardCard, isDashboardCardShownTo } from '@portico/contracts/dashboard/clients-meta';

// Who sees which part of the home dashboard.
export type DashboardViewer = { actingRole: UserType; isProcessorAuditUser: boolean };

const operationsMetricsCards: readonly DashboardCard[] = [
  'merchants',
  'parents',
  'openRiskAlerts',
  'openOpsAlerts',
];

function isAdminAtWork(viewer: DashboardViewer): boolean {
  return viewer.actingRole === 'admin' && !viewer.isProcessorAuditUser;
}

// Admin only; processor-audit users are read-only auditors, and the server refuses their request.
export function canRequestMerchantDataSync(viewer: DashboardViewer): boolean {
  return isAdminAtWork(viewer);
}

// The system status panel (database readiness) is for the people who run the system, not for
// merchants and partners, who cannot act on it.
export function canSeeSystemStatus(viewer: DashboardViewer): boolean {
  return isAdminAtWork(viewer);
}

// "a merchant dropdown (admin only, hidden for processor-audit users)".
export function canChooseDashboardMerchant(viewer: DashboardViewer): boolean {
  return isAdminAtWork(viewer);
}

// The Operations Metrics block: Merchants for admin and parent, the rest admin only, and nothing for
// processor-audit users.
export function operationsMetricsCardsFor(viewer: DashboardViewer): DashboardCard[] {
  if (viewer.isProcessorAuditUser) return [];
  return operationsMetricsCards.filter((card) => isDashboardCardShownTo(card, viewer.actingRole));
}

// The virtual terminal buttons follow the terminal page's own route roles, and processor-audit users
// never see them.
export function canUseVirtualTerminalTools(viewer: DashboardViewer): boolean {
  if (viewer.isProcessorAuditUser) return false;
  const route = findPortalRouteForPathname('/virtual-terminal/key');
  return route !== undefined && decideRouteAccess(route.access, viewer.actingRole) === 'allow';
}

export type CertificationSubject = {
  // The merchant the admin picked; null when the server chooses.
  merchantId: string | null;
  defaultClientId: string | null;
  isViewingAs: boolean;
  isDefaultClientInCertification: boolean;
};

// The progress card is for merchants in certification. The session says so for the user's own
// client; a picked or viewed client is asked, and the answer says whether it is in certification.
export function shouldLoadCertification(subject: CertificationSubject): boolean {
  if (subject.isViewingAs || subject.isDefaultClientInCertification) return true;
  return subject.merchantId !== null && subject.merchantId !== subject.defaultClientId;
}
