// Every builder call is scoped by the bearer key that names the merchant.
export const linkBuilderKeys = {
  all: ['payment-link-builder'] as const,
  publishableKey: (key: string) => [...linkBuilderKeys.all, 'publishable-key', key] as const,
  linkConfig: (key: string) => [...linkBuilderKeys.all, 'link-config', key] as const,
  terminals: (key: string) => [...linkBuilderKeys.all, 'terminals', key] as const,
};
