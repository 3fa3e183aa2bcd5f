export const receiptKeys = {
  all: ['receipts'] as const,
  receipt: (id: string) => [...receiptKeys.all, 'receipt', id] as const,
};
