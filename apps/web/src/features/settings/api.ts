import { type SettingsPatch, settingsItem } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { settingsKeys } from '../../lib/settings.ts';

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => apiRequest('/settings', { method: 'PATCH', body: patch, schema: settingsItem }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.detail, settings),
  });
}
