import {
  type KeyArnBody,
  type KeyComponentBody,
  keyArnResponse,
  keyComponentResponse,
  keyStateResponse,
  type RemoteKeyInjectionBody,
  remoteKeyInjectionResponse,
} from '@portico/contracts/access/key-entry';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keyEntryKeys } from './keys';

// The four calls of /key-entry. Each answers check values only.
export function getKeyState() {
  return apiRequest('/api/key-entry/kcv', { schema: keyStateResponse.shape.message });
}

export function postKeyComponent(body: KeyComponentBody) {
  return apiRequest('/api/key-entry', { method: 'POST', body, schema: keyComponentResponse.shape.message });
}

export function postKeyArn(body: KeyArnBody) {
  return apiRequest('/api/key-entry/arn', { method: 'POST', body, schema: keyArnResponse.shape.message });
}

export function postRemoteKeyInjection(body: RemoteKeyInjectionBody) {
  return apiRequest('/api/remote-key-injection', {
    method: 'POST',
    body,
    schema: remoteKeyInjectionResponse.shape.message,
  });
}

// The key being entered (else the last completed); 'Get KCV' refetches it, the steps replace it.
export function useKeyState() {
  return useQuery({ queryKey: keyEntryKeys.state(), queryFn: getKeyState });
}

export function useLoadKeyComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postKeyComponent,
    onSuccess: (loaded) => queryClient.setQueryData(keyEntryKeys.state(), loaded.key),
  });
}

export function useLoadKeyArn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postKeyArn,
    onSuccess: (state) => queryClient.setQueryData(keyEntryKeys.state(), state),
  });
}

export function useRemoteKeyInjection() {
  return useMutation({ mutationFn: postRemoteKeyInjection });
}
