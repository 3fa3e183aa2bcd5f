import {
  deleteTerminalResponse,
  type PaxOrderBody,
  paxOrderResponse,
  type TerminalLinkBody,
  terminalLinkResponse,
  terminalResponse,
} from '@portico/contracts/terminals/terminals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { terminalsKeys } from './keys';

// POST /api/terminal/link.
export function linkTerminal(body: TerminalLinkBody) {
  return apiRequest('/api/terminal/link', {
    method: 'POST',
    body,
    schema: terminalLinkResponse.shape.message,
  });
}

// PATCH /api/v1/terminals/{id} {sub_entity:{id}}.
export function assignTerminalLocation(input: { id: string; subEntityId: string | null }) {
  return apiRequest(`/api/v1/terminals/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    body: { sub_entity: input.subEntityId === null ? null : { id: input.subEntityId } },
    schema: terminalResponse.shape.message,
  });
}

// DELETE /api/terminal/delete/{laneId}: message.deleted_id.
export function deleteTerminal(input: { laneId: string; merchantId: string }) {
  return apiRequest(`/api/terminal/delete/${encodeURIComponent(input.laneId)}`, {
    method: 'DELETE',
    query: { merchant_id: input.merchantId },
    schema: deleteTerminalResponse.shape.message,
  });
}

// POST /api/order-pax with an Idempotency-Key (one per submitted form: a retry pays once).
export function orderPaxDevice(input: { body: PaxOrderBody; idempotencyKey: string }) {
  return apiRequest('/api/order-pax', {
    method: 'POST',
    body: input.body,
    headers: { 'Idempotency-Key': input.idempotencyKey },
    schema: paxOrderResponse.shape.message,
  });
}

// Every terminal change refreshes the grid (the list refreshes after a location edit).
function useTerminalMutation<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: terminalsKeys.list() }),
  });
}

export const useLinkTerminal = () => useTerminalMutation(linkTerminal);
export const useAssignTerminalLocation = () => useTerminalMutation(assignTerminalLocation);
export const useDeleteTerminal = () => useTerminalMutation(deleteTerminal);
export const useOrderPaxDevice = () => useMutation({ mutationFn: orderPaxDevice });
