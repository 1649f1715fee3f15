import { type CommandType, type Device, formatDateTime } from '@kovanica/contract';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconGift, IconRefresh, IconTool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/access.ts';
import { commandsApi } from './api.ts';
import { CommandModal } from './command-form.tsx';

const k = (key: string) => `resources.devices.state.${key}`;

/**
 * The remote commands of one device, for roles that may send them (nothing for the others): a free
 * ride, a reset, and service mode turned on or off (whichever it is not in now), with the commands
 * still waiting for the logger under them. The devices edit route hands it to the device's state card,
 * so the two features stay apart.
 */
export function DeviceCommands({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  // The type outlives the modal's closing, so its title does not change while it fades out.
  const [command, setCommand] = useState<{ type: CommandType; opened: boolean }>({ type: 'free_ride', opened: false });
  const open = (type: CommandType) => setCommand({ type, opened: true });
  if (!can('devices.command')) return null;
  const serviceMode: CommandType = device.state.serviceMode ? 'service_mode_off' : 'service_mode_on';

  return (
    <>
      {device.logger ? (
        <Stack gap="xs">
          <Group gap="sm">
            <Button variant="default" leftSection={<IconGift size={16} aria-hidden />} onClick={() => open('free_ride')}>
              {t(k('freeRide'))}
            </Button>
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => open('reset')}>
              {t(k('reset'))}
            </Button>
            <Button variant="default" leftSection={<IconTool size={16} aria-hidden />} onClick={() => open(serviceMode)}>
              {t(`resources.commands.give.${serviceMode}`)}
            </Button>
          </Group>
          <WaitingCommands deviceId={device.id} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t(k('noLogger'))}
        </Text>
      )}
      <CommandModal
        type={command.type}
        opened={command.opened}
        onClose={() => setCommand((c) => ({ ...c, opened: false }))}
        device={device}
      />
    </>
  );
}

/** The device's last commands that its logger has not carried out yet (pending or delivered). */
function WaitingCommands({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const recent = useQuery(commandsApi.list({ device: deviceId, itemsPerPage: 10, 'order[requestedAt]': 'desc' }));
  const waiting = (recent.data?.member ?? []).filter((c) => c.status === 'pending' || c.status === 'delivered');
  if (waiting.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {t(k('waitingCommands'))}
      </Text>
      <List size="sm" spacing={2}>
        {waiting.map((c) => (
          <List.Item key={c['@id']}>
            {t(k('waitingCommand'), {
              type: t(`resources.commands.types.${c.type}`),
              status: t(`resources.commands.statuses.${c.status}`),
              name: c.requestedByName ?? '—',
              time: formatDateTime(c.requestedAt),
            })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
