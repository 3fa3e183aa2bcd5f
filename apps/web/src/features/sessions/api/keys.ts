export const sessionsKeys = {
  all: ['sessions'] as const,
  ownSessions: () => [...sessionsKeys.all, 'own-sessions'] as const,
};
