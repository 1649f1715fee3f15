import { type SettingsPatch, settingsItem } from '@kovanica/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

/** Settings are one record for the whole platform, so its detail id is fixed. */
export const settingsKeys = {
  all: ['settings'] as const,
  detail: ['settings', 'detail', 'current'] as const,
};

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.detail,
    queryFn: ({ signal }) => apiRequest('/settings', { schema: settingsItem, signal }),
  });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => apiRequest('/settings', { method: 'PATCH', body: patch, schema: settingsItem }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.detail, settings),
  });
}
