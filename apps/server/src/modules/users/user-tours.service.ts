import { type TourKind, type TourStateBody, tourKinds } from '@portico/contracts/tours/tours';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { UsersError } from './users.service';

// The tours a user has finished or dismissed, kept with their other UI preferences: seen, a tour
// never opens by itself again; unseen, it opens on the next visit.
export async function setTourSeen(
  db: Db,
  userId: string,
  body: TourStateBody,
): Promise<{ tours_seen: TourKind[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ customizations: users.userCustomizations })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw UsersError.UserNotFound('Sign in to continue');
    const seen = new Set(row.customizations.tours_seen ?? []);
    if (body.seen) seen.add(body.tour);
    else seen.delete(body.tour);
    const toursSeen = tourKinds.filter((kind) => seen.has(kind));
    await tx
      .update(users)
      .set({ userCustomizations: { ...row.customizations, tours_seen: toursSeen } })
      .where(eq(users.id, userId));
    return { tours_seen: toursSeen };
  });
}
