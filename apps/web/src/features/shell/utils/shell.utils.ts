import type { SessionUser } from '@portico/contracts/access/session-user';

// The parent logo is hidden for admin users who are not processor-audit users.
export function shouldShowParentLogo(user: Pick<SessionUser, 'user_type' | 'processor_audit_user'>): boolean {
  return user.user_type !== 'admin' || user.processor_audit_user;
}

export function parentLogoSource(base64Png: string): string {
  return `data:image/png;base64,${base64Png}`;
}

export const TimezoneToastText = {
  Updated: 'Timezone was successfully updated',
  Failed: 'Something went wrong',
} as const;
