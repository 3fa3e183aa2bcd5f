// Build-time settings (apps/web/.env). Absent values deny rather than allow: without a provider
// domain no internal-only menu entry shows, without a primary client every user loads permissions.

function listOf(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

export const portalEnv = {
  providerDomain: (import.meta.env.VITE_PROVIDER_DOMAIN ?? '').trim().toLowerCase(),
  partnerDomains: listOf(import.meta.env.VITE_PARTNER_DOMAINS),
  primaryClientId: import.meta.env.VITE_PRIMARY_CLIENT_ID?.trim().toLowerCase() || null,
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL?.trim().toLowerCase() || null,
} as const;
