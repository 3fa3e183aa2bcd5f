export const billingKeys = {
  all: ['billing'] as const,
  bills: () => [...billingKeys.all, 'bills'] as const,
  monthly: () => [...billingKeys.all, 'monthly'] as const,
  merchants: () => [...billingKeys.all, 'monthly-merchants'] as const,
};
