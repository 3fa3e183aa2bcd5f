import type { Executor } from '../../db/client';
import { listEnrollmentPrincipals } from '../enrollment/enrollment.repository';
import { applicantAddress } from '../enrollment/enrollment-mail';
import {
  type EnrollmentRecord,
  ensureMembership,
  findUserByEmail,
  insertUser,
} from './enrollment-actions.repository';

// What approval did for the applicant's address: a new portal user, a membership for the user who
// already had it, nothing (an address of another kind, or a user who cannot sign in), or no address.
export type OwnerSignIn =
  | { outcome: 'created' | 'member_added' | 'unchanged'; email: string; userId: string }
  | { outcome: 'no_address' };

function personName(person: { firstName: string | null; lastName: string | null } | undefined): string {
  return [person?.firstName, person?.lastName].filter(Boolean).join(' ');
}

// The applicant by name: the application's contact person, else its first owner, else the business.
async function ownerName(tx: Executor, enrollment: EnrollmentRecord): Promise<string> {
  const contact = personName(enrollment);
  if (contact) return contact;
  const [firstOwner] = await listEnrollmentPrincipals(tx, enrollment.id);
  return personName(firstOwner) || enrollment.dbaName || enrollment.legalName || 'Owner';
}

// Approval gives the applicant's address a way into the new account, in the caller's transaction: an
// unknown address becomes a user of the account (category Principal); a user who already has the
// address becomes a member of it. Staff, parent and contact records, and disabled or locked-out
// users, are left exactly as they are: approval never changes what an existing account may do.
export async function ensureOwnerSignIn(
  tx: Executor,
  enrollment: EnrollmentRecord,
  clientId: string,
): Promise<OwnerSignIn> {
  const email = applicantAddress(enrollment.email);
  if (email === null) return { outcome: 'no_address' };
  const existing = await findUserByEmail(tx, email);
  if (!existing) {
    const created = await insertUser(tx, {
      name: await ownerName(tx, enrollment),
      email,
      userType: 'user',
      label: 'Principal',
      defaultClientId: clientId,
    });
    await ensureMembership(tx, created.id, clientId);
    return { outcome: 'created', email, userId: created.id };
  }
  if (existing.userType !== 'user' || existing.isDisabled || existing.isLockedOut) {
    return { outcome: 'unchanged', email, userId: existing.id };
  }
  await ensureMembership(tx, existing.id, clientId);
  return { outcome: 'member_added', email, userId: existing.id };
}

// The address the approval e-mail tells the applicant to sign in with, when it can sign in to the account.
export function signInAddressOf(owner: OwnerSignIn): string | null {
  return owner.outcome === 'created' || owner.outcome === 'member_added' ? owner.email : null;
}
