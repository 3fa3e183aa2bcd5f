import type { SearchCriteria } from '@portico/contracts/transactions/search';
import type { ReportRequestQuery } from '../utils/report-query.utils';

export const reportingKeys = {
  all: ['reporting'] as const,
  reportPages: () => [...reportingKeys.all, 'report-page'] as const,
  reportPage: (query: ReportRequestQuery) => [...reportingKeys.reportPages(), query] as const,
  transaction: (id: string) => [...reportingKeys.all, 'transaction', id] as const,
  searches: () => [...reportingKeys.all, 'search'] as const,
  search: (criteria: SearchCriteria) => [...reportingKeys.searches(), criteria] as const,
  merchantConfiguration: (merchantId: string) =>
    [...reportingKeys.all, 'merchant-configuration', merchantId] as const,
  merchantLocations: (merchantId: string, userId: string) =>
    [...reportingKeys.all, 'merchant-locations', merchantId, userId] as const,
};
