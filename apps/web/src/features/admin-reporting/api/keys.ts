export const adminReportingKeys = {
  all: ['admin-reporting'] as const,
  internalReportNames: () => [...adminReportingKeys.all, 'internal-report-names'] as const,
  report: (source: string, from: string, to: string, timeZone: string) =>
    [...adminReportingKeys.all, 'report', source, from, to, timeZone] as const,
};
