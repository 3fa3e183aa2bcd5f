import { roleResponse } from '@portico/contracts/access/rbac-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// POST and DELETE .../terminals/{terminalId}/hideable-fields/{name} and .../omittable-fields/{name}:
// POST hideable hides, DELETE shows; DELETE omittable requires, POST makes optional.
export function toggleRoleField(input: {
  clientId: string;
  roleId: string;
  terminalId: string;
  fieldName: string;
  list: 'hideable-fields' | 'omittable-fields';
  isAdd: boolean;
}) {
  const path = [
    input.clientId,
    'roles',
    input.roleId,
    'terminals',
    input.terminalId,
    input.list,
    input.fieldName,
  ];
  return apiRequest(`/api/rbac/${path.map(encodeURIComponent).join('/')}`, {
    method: input.isAdd ? 'POST' : 'DELETE',
    schema: roleResponse.shape.message,
  });
}

export function useToggleRoleField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleRoleField,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}
