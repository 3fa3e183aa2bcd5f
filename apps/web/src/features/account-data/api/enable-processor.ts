import {
  epxEnableResponse,
  forumPayEnableResponse,
  proPayEnableResponse,
} from '@portico/contracts/processor-enablement/processor-enablement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountDataKeys } from './keys';

export type EpxOption = 'none' | 're_submit_fees' | 're_create_application';

// POST /api/epx/enable {id} or {id, re_submit_fees | re_create_application}.
export function enableEpx(clientId: string, option: EpxOption) {
  const body = option === 'none' ? { id: clientId } : { id: clientId, [option]: true };
  return apiRequest('/api/epx/enable', { method: 'POST', schema: epxEnableResponse.shape.message, body });
}

// PATCH /api/client/enablepropay {id} or {id, is_ach_only}.
export function enableProPay(clientId: string, isAchOnly: boolean) {
  return apiRequest('/api/client/enablepropay', {
    method: 'PATCH',
    schema: proPayEnableResponse.shape.message,
    body: isAchOnly ? { id: clientId, is_ach_only: true } : { id: clientId },
  });
}

// POST /api/enable-forum-pay {merchant_id}.
export function enableForumPay(clientId: string) {
  return apiRequest('/api/enable-forum-pay', {
    method: 'POST',
    schema: forumPayEnableResponse.shape.message,
    body: { merchant_id: clientId },
  });
}

export type EnablementRequest =
  | { processor: 'epx'; option: EpxOption }
  | { processor: 'propay'; isAchOnly: boolean }
  | { processor: 'forumpay' };

export type EnablementAnswer =
  | { processor: 'epx'; result: Awaited<ReturnType<typeof enableEpx>> }
  | { processor: 'propay'; result: Awaited<ReturnType<typeof enableProPay>> }
  | { processor: 'forumpay'; result: Awaited<ReturnType<typeof enableForumPay>> };

async function enable(clientId: string, request: EnablementRequest): Promise<EnablementAnswer> {
  if (request.processor === 'epx')
    return { processor: 'epx', result: await enableEpx(clientId, request.option) };
  if (request.processor === 'propay') {
    return { processor: 'propay', result: await enableProPay(clientId, request.isAchOnly) };
  }
  return { processor: 'forumpay', result: await enableForumPay(clientId) };
}

// Every attempt writes an event, whatever its outcome: the Events panel and the state refresh.
export function useEnableProcessor(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EnablementRequest) => enable(clientId, request),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountDataKeys.events(clientId) }),
        queryClient.invalidateQueries({ queryKey: accountDataKeys.enablement(clientId) }),
      ]),
  });
}
