export const statementKeys = {
  all: ['statements'] as const,
  merchants: () => [...statementKeys.all, 'merchants'] as const,
  lines: (merchantId: string | null, yearMonth: string) =>
    [...statementKeys.all, 'lines', merchantId ?? 'own', yearMonth] as const,
  statement: (merchantId: string | null, yearMonth: string) =>
    [...statementKeys.all, 'statement', merchantId ?? 'own', yearMonth] as const,
  payouts: (merchantId: string | null) => [...statementKeys.all, 'payouts', merchantId ?? 'all'] as const,
  payout: (id: string) => [...statementKeys.all, 'payout', id] as const,
  payoutLines: (id: string) => [...statementKeys.all, 'payout', id, 'lines'] as const,
  notes: () => [...statementKeys.all, 'notes'] as const,
  support: () => [...statementKeys.all, 'support'] as const,
};
