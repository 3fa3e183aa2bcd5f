// The key in the address names the merchant; every configurator call is scoped by it.
export const terminalConfiguratorKeys = {
  all: ['terminal-configurator'] as const,
  linkConfig: (publishableKey: string) =>
    [...terminalConfiguratorKeys.all, 'link-config', publishableKey] as const,
};
