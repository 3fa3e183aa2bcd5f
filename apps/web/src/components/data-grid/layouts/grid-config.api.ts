import {
  type GridLayout,
  getGridConfigResponse,
  gridConfigNamesResponse,
  putGridConfigResponse,
  toGridLayout,
} from '@portico/contracts/grid/grid-layout';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gridConfigKeys } from './keys';

const storedLayoutSchema = getGridConfigResponse.shape.message;
const savedSchema = putGridConfigResponse.shape.message;
const layoutNamesSchema = gridConfigNamesResponse.shape.message;

// Keys may hold spaces and dots (contracts gridConfigKeyParams); the path carries them encoded.
function gridConfigPath(key: string): string {
  return `/api/user/grid-config/${encodeURIComponent(key)}`;
}

// GET /api/user/grid-config/{key}: the layout saved under the key, or null. Layouts saved by the
// original portal (a bare array of column state) come back as v2 layouts.
export async function getGridConfig(key: string, { signal }: { signal?: AbortSignal } = {}) {
  const stored = await apiRequest(gridConfigPath(key), { schema: storedLayoutSchema, signal });
  return stored === null ? null : toGridLayout(stored);
}

// PUT /api/user/grid-config/{key}: stores the layout; a null layout deletes the key.
export async function putGridConfig({ key, layout }: { key: string; layout: GridLayout | null }) {
  await apiRequest(gridConfigPath(key), { method: 'PUT', body: layout, schema: savedSchema });
}

// GET /api/user/grid-config-names/{configKey}: the names saved as '{configKey}___{name}', sorted.
export async function getGridConfigNames(configKey: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/user/grid-config-names/${encodeURIComponent(configKey)}`, {
    schema: layoutNamesSchema,
    signal,
  });
}

export function gridConfigQueryOptions(key: string) {
  return queryOptions({
    queryKey: gridConfigKeys.layout(key),
    queryFn: ({ signal }) => getGridConfig(key, { signal }),
    // Loading is a click: always ask the server (another tab may have saved), and say so at once
    // when it fails rather than retrying behind a disabled button.
    staleTime: 0,
    retry: false,
  });
}

export function gridConfigNamesQueryOptions(configKey: string) {
  return queryOptions({
    queryKey: gridConfigKeys.names(configKey),
    queryFn: ({ signal }) => getGridConfigNames(configKey, { signal }),
  });
}

export function useGridConfigNames(configKey: string) {
  return useQuery(gridConfigNamesQueryOptions(configKey));
}

// Reads a saved layout on demand (Load buttons), through the query cache.
export function useFetchGridConfig() {
  const queryClient = useQueryClient();
  return (key: string) => queryClient.fetchQuery(gridConfigQueryOptions(key));
}

export function useSaveGridConfig(configKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putGridConfig,
    onSuccess: (_, { key, layout }) => {
      queryClient.setQueryData(gridConfigKeys.layout(key), layout);
      return queryClient.invalidateQueries({ queryKey: gridConfigKeys.names(configKey) });
    },
  });
}
