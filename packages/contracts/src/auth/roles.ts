import { z } from 'zod';

// The five user types. The database also knows 'contact' (people recorded on an
// account who never sign in); a session never carries it, so it is not a role here.
export const userTypes = ['admin', 'user', 'parent', 'healnow', 'alpha'] as const;
export type UserType = (typeof userTypes)[number];
export const userTypeSchema = z.enum(userTypes);

// Staff (Portico's admins and the white-label partner's staff) reach every merchant.
export function reachesEveryMerchant(role: UserType): boolean {
  return role === 'admin' || role === 'healnow';
}
