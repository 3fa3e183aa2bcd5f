import type { ManagedUser } from '@portico/contracts/access/user-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accessKeys } from '../../features/access/api/keys';
import { UsersPage } from '../../features/access/components/users-page';
import { ResetSecondFactorAction } from '../../features/second-factor/components/reset-second-factor-action';
import { TeamRequirementSwitch } from '../../features/second-factor/components/team-requirement-switch';
import { useSignedInSession } from '../../lib/auth/session-context';

// /users: the Users page; staff also reset a user's authenticator app on the rows that have one and
// require a second factor of the team viewed.
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
  const renderTeamControls = useCallback(
    (clientId: string) => <TeamRequirementSwitch clientId={clientId} />,
    [],
  );
  return (
    <UsersPage
      {...(actingRole === 'admin' ? { renderUserActions: renderStaffActions, renderTeamControls } : {})}
    />
  );
}
