import {
  type DataSyncRequest,
  type DataSyncRequestBody,
  dataSyncRequestResponse,
} from '@portico/contracts/dashboard/manual-data-pull';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { homeKeys } from './keys';

const dataSyncRequestSchema = dataSyncRequestResponse.shape.message;

// POST /api/v1/manual-data-pull-accounts {merchant_id}: records the request (one waiting per merchant).
export function requestMerchantDataSync(body: DataSyncRequestBody): Promise<DataSyncRequest> {
  return apiRequest('/api/v1/manual-data-pull-accounts', {
    method: 'POST',
    schema: dataSyncRequestSchema,
    body,
  });
}

export function useRequestMerchantDataSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestMerchantDataSync,
    // A failed sync is an open operations alert; a new request may close one.
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeKeys.operationsAlerts() }),
  });
}
