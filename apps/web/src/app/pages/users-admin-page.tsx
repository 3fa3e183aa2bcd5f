import type { ManagedUser } from '@portico/contracts/access/user-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accessKeys } from '../../features/access/api/keys';
import { UsersPage } from '../../features/access/components/users-page';
import { ResetSecondFactorAction } from '../../features/second-factor/components/reset-second-factor-action';
import { useSignedInSession } from '../../lib/auth/session-context';

// /users: the Users page, with the staff's reset of a user's authenticator app on the rows that have one.
export function UsersAdminPage() {
  const { actingRole } = useSignedInSession();
  const queryClient = useQueryClient();
  const renderStaffActions = useCallback(
    (user: ManagedUser) =>
      user.has_second_factor ? (
        <ResetSecondFactorAction
          user={user}
          onReset={() => void queryClient.invalidateQueries({ queryKey: accessKeys.all })}
        />
      ) : null,
    [queryClient],
  );
  return <UsersPage {...(actingRole === 'admin' ? { renderUserActions: renderStaffActions } : {})} />;
}
