import { Switch, Text } from '@mantine/core';
import { SecondFactorSetupText } from '@portico/contracts/auth/second-factor-requirement';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSetTeamRequirement, useTeamRequirement } from '../api/team-requirement';

// Staff on the Users page: require a second factor of the team viewed (the account's users and, for a
// parent, its merchants' users), from each member's next sign-in.
export function TeamRequirementSwitch({ clientId }: { clientId: string }) {
  const requirement = useTeamRequirement(clientId);
  const save = useSetTeamRequirement(clientId);
  if (requirement.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {apiErrorMessage(requirement.error, 'The second-factor requirement could not be loaded.')}
      </Text>
    );
  }
  return (
    <Switch
      label={SecondFactorSetupText.TeamRequirementLabel}
      description={SecondFactorSetupText.TeamRequirementDescription}
      checked={requirement.data?.is_required ?? false}
      disabled={requirement.isPending || save.isPending}
      onChange={(event) =>
        save.mutate(event.currentTarget.checked, {
          onSuccess: () =>
            void showToast({ text: SecondFactorSetupText.TeamRequirementSaved, type: 'success' }),
          onError: (error) =>
            void showToast({
              text: apiErrorMessage(error, 'The requirement could not be saved.'),
              type: 'danger',
            }),
        })
      }
    />
  );
}
