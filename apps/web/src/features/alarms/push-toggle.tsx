import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../components/failure-alert.tsx';
import { PushBlockedError, type PushState, pushStatus, sendTestPush, subscribeToPush, unsubscribeFromPush } from '../../lib/push.ts';

/** This browser's push state: asked of the browser and the server, fresh whenever the component shows. */
const PUSH_STATUS_KEY = ['push-subscriptions', 'this-device'] as const;

const STATE_COLORS: Record<PushState, string> = { on: 'teal', off: 'gray', unsupported: 'gray', blocked: 'red' };

/**
 * "Push messages on this device" (decision 0050): a switch that turns Web Push on or off in this
 * browser, where it stands (on, off, not supported, blocked by the browser), and "Send a test" once it
 * is on. Alarms then reach the device as notifications (`src/sw.js`) even with Kovanica closed.
 */
export function PushToggle() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: PUSH_STATUS_KEY, queryFn: ({ signal }) => pushStatus(signal), staleTime: 0 });
  const state = status.data?.state;
  const subscription = status.data?.subscription ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: PUSH_STATUS_KEY });

  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) await subscribeToPush();
      else await unsubscribeFromPush(subscription);
    },
    onSuccess: (_, on) => notifications.show({ color: 'teal', message: on ? t('push.turnedOn') : t('push.turnedOff') }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('push.failed'),
        message: error instanceof PushBlockedError ? t('push.blocked') : failureText(error, t('errors.genericText')),
      }),
    onSettled: refresh,
  });

  const test = useMutation({
    mutationFn: () => (subscription ? sendTestPush(subscription) : Promise.reject(new Error('push is off'))),
    onSuccess: (outcome) => {
      if (outcome.sent > 0) notifications.show({ color: 'teal', message: t('push.testSent') });
      else if (outcome.removed > 0) notifications.show({ color: 'orange', message: t('push.testRemoved') });
      else notifications.show({ color: 'red', message: t('push.testFailed') });
      if (outcome.removed > 0) void refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: failureText(error, t('push.testFailed')) }),
  });

  const usable = state === 'on' || state === 'off';
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Switch
          label={t('push.switch')}
          description={t('push.description')}
          checked={state === 'on'}
          disabled={!usable || toggle.isPending}
          onChange={(event) => toggle.mutate(event.currentTarget.checked)}
        />
        {state ? (
          <Badge color={STATE_COLORS[state]} variant="light">
            {t(`push.states.${state}`)}
          </Badge>
        ) : null}
      </Group>
      {status.isPending ? (
        <Text size="sm" c="dimmed">
          {t('push.loading')}
        </Text>
      ) : null}
      {status.isError ? (
        <Text size="sm" c="red">
          {failureText(status.error, t('errors.genericText'))}
        </Text>
      ) : null}
      {state === 'unsupported' || state === 'blocked' ? (
        <Text size="sm" c="dimmed">
          {t(`push.${state}`)}
        </Text>
      ) : null}
      {state === 'on' ? (
        <Group>
          <Button size="xs" variant="light" loading={test.isPending} onClick={() => test.mutate()}>
            {t('push.test')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
