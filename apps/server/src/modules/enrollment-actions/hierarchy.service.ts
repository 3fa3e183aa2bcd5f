import {
  type ClientParentOption,
  type EnrollmentHierarchyBody,
  EnrollmentActionText as Text,
} from '@portico/contracts/enrollment/enrollment-actions';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { isClientAtOrBelow } from '../../access/merchant-scope.repository';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import { type ActionDeps, ActionError, reachEnrollment } from './enrollment-actions.common';
import {
  listParentOptions,
  lockEnrollment,
  updateClient,
  updateEnrollment,
} from './enrollment-actions.repository';

// GET /api/client/parent: staff may assign any parent; anyone else the parents within their reach.
export async function assignableParentOptions(db: Db, caller: Caller): Promise<ClientParentOption[]> {
  const rows =
    caller.isStaff && caller.viewAsClientId === null
      ? await listParentOptions(db, 'all')
      : await listParentOptions(
          db,
          (await listMerchantsUserCanActFor(db, caller.session, caller.viewAsClientId)).map((c) => c.id),
        );
  return rows.map((row) => ({ id: row.id, name: row.name, legal_name: row.legalName }));
}

// POST /api/enroll/hierarchy: the enrollment, and its account once it has one, move
// under the parent named by its legal name.
export async function changeEnrollmentParent(
  deps: ActionDeps,
  caller: Caller,
  body: EnrollmentHierarchyBody,
) {
  await reachEnrollment(deps.db, caller, body.enrollid);
  const wanted = body.parent_legal_name.trim();
  const matches = (await assignableParentOptions(deps.db, caller)).filter(
    (parent) => parent.legal_name === wanted,
  );
  const [parent] = matches;
  if (!parent) throw ActionError.UnknownParent(Text.UnknownParent);
  if (matches.length > 1) throw ActionError.AmbiguousParent(Text.AmbiguousParent);

  return deps.db.transaction(async (tx) => {
    const enrollment = await lockEnrollment(tx, body.enrollid);
    if (!enrollment) throw ActionError.EnrollmentNotFound(Text.EnrollmentNotFound);
    const clientId = enrollment.clientId;
    // A partner's account may not end up below itself.
    if (clientId !== null && (await isClientAtOrBelow(tx, clientId, parent.id))) {
      throw ActionError.ParentCycle(Text.ParentCycle);
    }
    await updateEnrollment(tx, enrollment.id, { parentId: parent.id });
    if (clientId !== null) await updateClient(tx, clientId, { parentId: parent.id });
    await recordAudit(tx, {
      action: 'enrollment.hierarchy',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'enrollment',
      targetId: enrollment.id,
      clientId,
      details: { from_parent_id: enrollment.parentId, to_parent_id: parent.id },
    });
    return { enrollment_id: enrollment.id, parent_id: parent.id, client_id: clientId };
  });
}
