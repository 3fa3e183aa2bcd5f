// Every builder call is scoped by its credential: the bearer key that names the merchant, or the
// signed-in user's chosen merchant.
export const linkBuilderKeys = {
  all: ['payment-link-builder'] as const,
  merchants: () => [...linkBuilderKeys.all, 'merchants'] as const,
  publishableKey: (key: string) => [...linkBuilderKeys.all, 'publishable-key', key] as const,
  linkConfig: (credential: string) => [...linkBuilderKeys.all, 'link-config', credential] as const,
  terminals: (credential: string) => [...linkBuilderKeys.all, 'terminals', credential] as const,
};
