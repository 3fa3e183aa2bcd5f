export const riskKeys = {
  all: ['risk'] as const,
  monitoring: () => [...riskKeys.all, 'monitoring'] as const,
  notes: (transactionId: string) => [...riskKeys.all, 'notes', transactionId] as const,
  merchantNames: () => [...riskKeys.all, 'merchant-names'] as const,
  merchantStatus: (id: string) => [...riskKeys.all, 'merchant-status', id] as const,
  history: () => [...riskKeys.all, 'history'] as const,
  disputeRatios: (month: string) => [...riskKeys.all, 'dispute-ratios', month] as const,
  merchantNotes: (merchantId: string) => [...riskKeys.all, 'merchant-notes', merchantId] as const,
};
