export const adminReportingKeys = {
  all: ['admin-reporting'] as const,
  internalReportNames: () => [...adminReportingKeys.all, 'internal-report-names'] as const,
};
