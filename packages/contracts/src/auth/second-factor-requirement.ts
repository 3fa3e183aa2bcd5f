import { z } from 'zod';
import { Permission, type PermissionName } from '../access/permission-names';
import { successEnvelope } from '../common/envelope';
import type { UserType } from './roles';

// Who must have a second factor: a person who can reach the cardholder data environment or move
// money. Staff (key entry, mimic, every merchant) and processor-audit users always; anyone holding a
// permission that reveals masked fields or secret keys or reaches payouts; and every member of a
// team whose client (or a parent above it) staff set to require it.
export const secondFactorGuardedPermissions: readonly PermissionName[] = [
  Permission.Payouts,
  // Revealing an account's masked fields, and the permissions primitive (users and roles).
  Permission.Permissions,
  // Revealing and rolling the merchant's secret API key.
  Permission.VirtualTerminalConfiguration,
];

export type SecondFactorRequirementFacts = {
  userType: UserType;
  isProcessorAuditUser: boolean;
  holdsGuardedPermission: boolean;
  isRequiredByTeam: boolean;
};

export function mustHaveSecondFactor(facts: SecondFactorRequirementFacts): boolean {
  return (
    facts.userType === 'admin' ||
    facts.isProcessorAuditUser ||
    facts.holdsGuardedPermission ||
    facts.isRequiredByTeam
  );
}

export const SecondFactorSetupText = {
  Title: 'Set up a second factor',
  Intro:
    'Your account can reach card data or payouts, so it needs a second factor. Set up an authenticator app or a passkey to finish signing in.',
  UsePasskey: 'Use a passkey instead',
  Continue: 'Continue',
  Expired: 'Your sign-in has expired. Sign in again.',
  TeamRequirementLabel: 'Require a second factor for this team',
  TeamRequirementDescription:
    'Every user of this account (and of its merchants, for a parent) sets up an authenticator app or a passkey at their next sign-in.',
  TeamRequirementSaved: 'The second-factor requirement was saved.',
} as const;

// PUT /api/clients/{client_id}/second-factor-requirement: staff require (or stop requiring) a
// second factor of a team.
export const teamRequirementParams = z.strictObject({ client_id: z.uuid() });
export const teamRequirementBody = z.strictObject({ is_required: z.boolean() });
export const teamRequirement = z.object({ client_id: z.string(), is_required: z.boolean() });
export type TeamRequirement = z.infer<typeof teamRequirement>;
export const teamRequirementResponse = successEnvelope(teamRequirement);
