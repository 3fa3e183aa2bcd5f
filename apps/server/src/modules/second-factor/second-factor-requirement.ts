import { userTypeSchema } from '@portico/contracts/auth/roles';
import {
  mustHaveSecondFactor,
  secondFactorGuardedPermissions,
  type TeamRequirement,
} from '@portico/contracts/auth/second-factor-requirement';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { holdsAnyPermissionAnywhere } from '../../access/merchant-scope';
import type { Db, Executor } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { SecondFactorError } from './second-factor.errors';
import {
  findRequirementFacts,
  findTeamSecondFactorRequirement,
  isSecondFactorRequiredByTeam,
  setTeamSecondFactorRequirement,
} from './second-factor.repository';

// Whether this user must have a second factor (the rule in contracts, over their facts).
export async function mustUserHaveSecondFactor(executor: Executor, userId: string): Promise<boolean> {
  const facts = await findRequirementFacts(executor, userId);
  const role = userTypeSchema.safeParse(facts?.userType);
  if (!facts || !role.success) return false;
  const [holdsGuardedPermission, isRequiredByTeam] = await Promise.all([
    holdsAnyPermissionAnywhere(executor, { userId, role: role.data }, secondFactorGuardedPermissions),
    isSecondFactorRequiredByTeam(executor, userId),
  ]);
  return mustHaveSecondFactor({
    userType: role.data,
    isProcessorAuditUser: facts.isProcessorAuditUser,
    holdsGuardedPermission,
    isRequiredByTeam,
  });
}

export async function teamRequirementOf(db: Db, clientId: string): Promise<TeamRequirement> {
  const isRequired = await findTeamSecondFactorRequirement(db, clientId);
  if (isRequired === undefined) throw SecondFactorError.ClientNotFound();
  return { client_id: clientId, is_required: isRequired };
}

// Staff require (or stop requiring) a second factor of a team; it takes effect at each member's next
// sign-in. Audited with the value before and after.
export async function setTeamRequirement(
  db: Db,
  caller: Caller,
  clientId: string,
  isRequired: boolean,
): Promise<TeamRequirement> {
  return db.transaction(async (tx) => {
    const before = await setTeamSecondFactorRequirement(tx, clientId, isRequired);
    if (!before) throw SecondFactorError.ClientNotFound();
    await recordAudit(tx, {
      action: 'second_factor.team_requirement',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: clientId,
      clientId,
      details: { name: before.name, from: before.wasRequired, to: isRequired },
    });
    return { client_id: clientId, is_required: isRequired };
  });
}
