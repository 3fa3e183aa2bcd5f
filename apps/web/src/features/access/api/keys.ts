export const accessKeys = {
  all: ['access'] as const,
  users: (merchantId: string | null) => [...accessKeys.all, 'my-users', merchantId] as const,
  usersFound: (search: string) => [...accessKeys.all, 'my-users', 'search', search] as const,
  roles: (clientId: string, withHierarchy: boolean) =>
    [...accessKeys.all, 'roles', clientId, withHierarchy] as const,
  rolesOf: (clientId: string) => [...accessKeys.all, 'roles', clientId] as const,
  subEntities: (clientId: string) => [...accessKeys.all, 'sub-entities', clientId] as const,
  midOverrides: (merchantId: string) => [...accessKeys.all, 'mid-overrides', merchantId] as const,
  groups: (clientId: string) => [...accessKeys.all, 'groups', clientId] as const,
  rbacUsers: (clientId: string) => [...accessKeys.all, 'rbac-users', clientId] as const,
  grantable: (clientId: string) => [...accessKeys.all, 'grantable', clientId] as const,
  permissionMerchants: () => [...accessKeys.all, 'permission-merchants'] as const,
  terminals: (merchantId: string) => [...accessKeys.all, 'terminals', merchantId] as const,
  terminalFields: (merchantId: string, terminalId: string) =>
    [...accessKeys.all, 'terminal-fields', merchantId, terminalId] as const,
};
