import { type CommandCreate, commandItem } from '@kovanica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { commandsApi } from '../../lib/apis/commands.ts';
import { devicesApi } from '../../lib/apis/devices.ts';

/** Free rides and resets sent to devices; read-only as a collection, sent through a device (`useSendCommand`). */
export { commandsApi, devicesApi };

/**
 * Sends a free ride or a reset to a device's logger; it goes out with the logger's next report. The
 * server answers 422 `no_logger` (on `type`) for a device without a logger.
 */
export function useSendCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, body }: { deviceId: number; body: CommandCreate }) =>
      apiRequest(`/devices/${deviceId}/commands`, { method: 'POST', body, schema: commandItem }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commandsApi.keys.all }),
  });
}
