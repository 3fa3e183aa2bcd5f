import type { UserType } from '@portico/contracts/auth/roles';
import { canReachEveryMerchant } from '../../access/merchant-scope';
import { listMembershipClientIds } from '../../access/merchant-scope.repository';
import type { Executor } from '../../db/client';
import { listAllClientSummaries, listClientSummaries, listDescendantSummaries } from './rbac.repository';

// The merchant dropdown: child merchants (hierarchy) first, then member merchants; staff see
// every client. Viewing as a client narrows it to that client and the clients below it.
export async function listMerchantsUserCanActFor(
  executor: Executor,
  caller: { userId: string; role: UserType },
  viewedClientId: string | null = null,
) {
  if (viewedClientId !== null) {
    const below = await listDescendantSummaries(executor, [viewedClientId]);
    return [...below, ...(await listClientSummaries(executor, [viewedClientId]))];
  }
  if (canReachEveryMerchant(caller.role)) return listAllClientSummaries(executor);
  const memberIds = await listMembershipClientIds(executor, caller.userId);
  const descendants = await listDescendantSummaries(executor, memberIds);
  const descendantIds = new Set(descendants.map((client) => client.id));
  const members = await listClientSummaries(
    executor,
    memberIds.filter((id) => !descendantIds.has(id)),
  );
  return [...descendants, ...members];
}
