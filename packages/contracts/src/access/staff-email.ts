// Internal and partner staff are recognised by the domain of their (verified) sign-in e-mail.
// The domain must match exactly: 'admin@portico.example.evil.com' or 'admin@mail.portico.example'
// is not provider staff, and an address with more than one '@' is nobody's.

function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/^@/, '');
}

export function emailDomainOrNull(email: string): string | null {
  const parts = email.trim().split('@');
  if (parts.length !== 2) return null;
  const [localPart, domain] = parts;
  if (!localPart || !domain) return null;
  return domain.toLowerCase();
}

export function isEmailAtExactDomain(email: string, domain: string): boolean {
  const expectedDomain = normalizeDomain(domain);
  if (expectedDomain === '') return false;
  return emailDomainOrNull(email) === expectedDomain;
}

export function isInternalStaffEmail(email: string, providerDomain: string): boolean {
  return isEmailAtExactDomain(email, providerDomain);
}

export function isInternalOrPartnerStaffEmail(
  email: string,
  providerDomain: string,
  partnerDomains: readonly string[],
): boolean {
  return [providerDomain, ...partnerDomains].some((domain) => isEmailAtExactDomain(email, domain));
}
