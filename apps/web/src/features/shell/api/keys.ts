export const shellKeys = {
  all: ['shell'] as const,
  logo: () => [...shellKeys.all, 'logo'] as const,
  timezones: () => [...shellKeys.all, 'timezones'] as const,
};
