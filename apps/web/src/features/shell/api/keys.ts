export const shellKeys = {
  all: ['shell'] as const,
  logo: () => [...shellKeys.all, 'logo'] as const,
  timezone: () => [...shellKeys.all, 'timezone'] as const,
  timezones: () => [...shellKeys.all, 'timezones'] as const,
};
