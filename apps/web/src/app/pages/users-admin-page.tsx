import type { ManagedUser } from '@portico/contracts/access/user-admin';
import { UsersPage } from '../../features/access/components/users-page';
import { ResetSecondFactorAction } from '../../features/second-factor/components/reset-second-factor-action';
import { useSignedInSession } from '../../lib/auth/session-context';

const renderStaffActions = (user: ManagedUser) => <ResetSecondFactorAction user={user} />;

// /users: the Users page, with the staff's reset of a user's second factor on each row.
export function UsersAdminPage() {
  const { actingRole } = useSignedInSession();
  return <UsersPage {...(actingRole === 'admin' ? { renderUserActions: renderStaffActions } : {})} />;
}
