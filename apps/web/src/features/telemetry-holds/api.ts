import { type TelemetryHoldDecision, telemetryHoldItem } from '@kovanica/contract';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { telemetryHoldsApi } from '../../lib/apis/telemetry-holds.ts';
import { useInvalidate } from '../../lib/resource-hooks.ts';

/** Batches held as implausible: listed as `telemetry-holds`, decided once (`useDecideHold`). */
export { devicesApi, telemetryHoldsApi };

export type HoldAction = 'release' | 'discard';

/**
 * Releases a held batch into the figures or discards it, then refreshes what a release changes (the
 * devices, their telemetry, deposits, cards: the resource's `invalidates`). A second decision answers
 * 409 (`hold_decided`), a release of a batch whose logger moved 409 (`hold_moved`).
 */
export function useDecideHold() {
  const { t } = useTranslation();
  const invalidate = useInvalidate(telemetryHoldsApi);
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: HoldAction; body: TelemetryHoldDecision }) =>
      apiRequest(`/telemetry-holds/${id}/${action}`, { method: 'POST', body, schema: telemetryHoldItem }),
    // Here, not at the call: the decided row may leave a filtered list (and its dialog) before the answer.
    onSuccess: (hold) =>
      notifications.show({
        color: 'teal',
        message: t(`resources.telemetry-holds.${hold.status === 'released' ? 'released' : 'discarded'}`),
      }),
    onSettled: () => invalidate(),
  });
}
