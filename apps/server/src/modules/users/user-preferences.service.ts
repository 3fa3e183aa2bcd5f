import type { ColorSchemePreference } from '@portico/contracts/auth/color-scheme';
import { type TourKind, type TourStateBody, tourKinds } from '@portico/contracts/tours/tours';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UserCustomizations, users } from '../../db/schema/users';
import { UsersError } from './users.service';

// A user's UI preferences live together on their row; each change reads the row locked, so two
// changes at once (a tour closed while the theme is switched) never drop one another.
async function changeCustomizations(
  db: Db,
  userId: string,
  change: (current: UserCustomizations) => UserCustomizations,
): Promise<UserCustomizations> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ customizations: users.userCustomizations })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw UsersError.UserNotFound('Sign in to continue');
    const changed = change(row.customizations);
    await tx.update(users).set({ userCustomizations: changed }).where(eq(users.id, userId));
    return changed;
  });
}

// The tours a user has finished or dismissed: seen, a tour never opens by itself again; unseen, it
// opens on the next visit.
export async function setTourSeen(
  db: Db,
  userId: string,
  body: TourStateBody,
): Promise<{ tours_seen: TourKind[] }> {
  let toursSeen: TourKind[] = [];
  await changeCustomizations(db, userId, (current) => {
    const seen = new Set(current.tours_seen ?? []);
    if (body.seen) seen.add(body.tour);
    else seen.delete(body.tour);
    toursSeen = tourKinds.filter((kind) => seen.has(kind));
    return { ...current, tours_seen: toursSeen };
  });
  return { tours_seen: toursSeen };
}

// The portal's look for this user on every device they sign in on.
export async function setColorScheme(
  db: Db,
  userId: string,
  colorScheme: ColorSchemePreference,
): Promise<{ color_scheme: ColorSchemePreference }> {
  await changeCustomizations(db, userId, (current) => ({ ...current, color_scheme: colorScheme }));
  return { color_scheme: colorScheme };
}
