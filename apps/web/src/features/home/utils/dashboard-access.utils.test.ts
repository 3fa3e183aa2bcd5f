import { describe, expect, it } from 'vitest';
import {
  canChooseDashboardMerchant,
  canRequestMerchantDataSync,
  canSeeSystemStatus,
  canUseVirtualTerminalTools,
  operationsMetricsCardsFor,
  shouldLoadCertification,
} from './dashboard-access.utils';

const admin = { actingRole: 'admin', isProcessorAuditUser: false } as const;
const auditor = { actingRole: 'admin', isProcessorAuditUser: true } as const;
const parent = { actingRole: 'parent', isProcessorAuditUser: false } as const;
const merchantUser = { actingRole: 'user', isProcessorAuditUser: false } as const;
const healnow = { actingRole: 'healnow', isProcessorAuditUser: false } as const;

describe('dashboard access', () => {
  it('gives the data sync and the merchant dropdown to admins who are not processor-audit users', () => {
    expect(canRequestMerchantDataSync(admin)).toBe(true);
    expect(canChooseDashboardMerchant(admin)).toBe(true);
    expect(canSeeSystemStatus(admin)).toBe(true);
    for (const viewer of [auditor, parent, merchantUser, healnow]) {
      expect(canRequestMerchantDataSync(viewer)).toBe(false);
      expect(canChooseDashboardMerchant(viewer)).toBe(false);
      expect(canSeeSystemStatus(viewer)).toBe(false);
    }
  });

  it('shows Merchants to admin and parent, the Parents and alert cards to admin only, none to auditors', () => {
    expect(operationsMetricsCardsFor(admin)).toEqual([
      'merchants',
      'parents',
      'openRiskAlerts',
      'openOpsAlerts',
    ]);
    expect(operationsMetricsCardsFor(parent)).toEqual(['merchants']);
    expect(operationsMetricsCardsFor(merchantUser)).toEqual([]);
    expect(operationsMetricsCardsFor(healnow)).toEqual([]);
    expect(operationsMetricsCardsFor(auditor)).toEqual([]);
  });

  it('offers the virtual terminal buttons to the roles of the terminal page, never to auditors', () => {
    expect(canUseVirtualTerminalTools(admin)).toBe(true);
    expect(canUseVirtualTerminalTools(parent)).toBe(true);
    expect(canUseVirtualTerminalTools(merchantUser)).toBe(true);
    expect(canUseVirtualTerminalTools(healnow)).toBe(false);
    expect(canUseVirtualTerminalTools(auditor)).toBe(false);
  });

  it('asks for certification for a client in it, a viewed client or another picked merchant', () => {
    const base = {
      merchantId: null,
      defaultClientId: 'own',
      isViewingAs: false,
      isDefaultClientInCertification: false,
    };
    expect(shouldLoadCertification(base)).toBe(false);
    expect(shouldLoadCertification({ ...base, isDefaultClientInCertification: true })).toBe(true);
    expect(shouldLoadCertification({ ...base, isViewingAs: true })).toBe(true);
    expect(shouldLoadCertification({ ...base, merchantId: 'own' })).toBe(false);
    expect(shouldLoadCertification({ ...base, merchantId: 'other' })).toBe(true);
  });
});
