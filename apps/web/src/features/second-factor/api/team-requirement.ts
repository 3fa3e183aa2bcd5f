import { type TeamRequirement, teamRequirement } from '@portico/contracts/auth/second-factor-requirement';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorKeys } from './keys';

const pathOf = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/second-factor-requirement`;

// GET /api/clients/{client_id}/second-factor-requirement (staff): whether the team must have one.
export function useTeamRequirement(clientId: string) {
  return useQuery({
    queryKey: secondFactorKeys.teamRequirement(clientId),
    queryFn: ({ signal }) => apiRequest(pathOf(clientId), { schema: teamRequirement, signal }),
  });
}

// PUT the same: staff require it, or stop requiring it, from each member's next sign-in.
export function useSetTeamRequirement(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isRequired: boolean): Promise<TeamRequirement> =>
      apiRequest(pathOf(clientId), {
        method: 'PUT',
        body: { is_required: isRequired },
        schema: teamRequirement,
      }),
    onSuccess: (answer) => queryClient.setQueryData(secondFactorKeys.teamRequirement(clientId), answer),
  });
}
