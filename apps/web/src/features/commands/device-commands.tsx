import type { CommandType, Device } from '@kovanica/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconGift, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/access.ts';
import { CommandModal } from './command-form.tsx';

const k = (key: string) => `resources.devices.state.${key}`;

/**
 * The free ride and reset actions of one device, for roles that may send commands (nothing for the
 * others). The devices edit route hands it to the device's state card, so the two features stay apart.
 */
export function DeviceCommands({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  // The type outlives the modal's closing, so its title does not change while it fades out.
  const [command, setCommand] = useState<{ type: CommandType; opened: boolean }>({ type: 'free_ride', opened: false });
  const open = (type: CommandType) => setCommand({ type, opened: true });
  if (!can('devices.command')) return null;

  return (
    <>
      {device.logger ? (
        <Group gap="sm">
          <Button variant="default" leftSection={<IconGift size={16} aria-hidden />} onClick={() => open('free_ride')}>
            {t(k('freeRide'))}
          </Button>
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => open('reset')}>
            {t(k('reset'))}
          </Button>
        </Group>
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
