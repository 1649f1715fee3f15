import type { CommandType, Device } from '@kovanica/contract';
import { formatDateTime, formatMoney } from '@kovanica/contract';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconGift, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceStateBadges } from '../../components/device-state.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';
import { CommandModal } from './command-form.tsx';

const k = (key: string) => `resources.devices.state.${key}`;

const when = (value: string | null, never: string) => (value ? formatDateTime(value) : never);

/**
 * The "In operation" card at the top of a device's edit page: its state from telemetry, and the
 * free ride and reset actions for roles that may send commands.
 */
export function DeviceStateCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  // The type outlives the modal's closing, so its title does not change while it fades out.
  const [command, setCommand] = useState<{ type: CommandType; opened: boolean }>({ type: 'free_ride', opened: false });
  const open = (type: CommandType) => setCommand({ type, opened: true });
  const { state } = device;
  const never = t(k('never'));
  const facts: { key: string; label: string; value: string }[] = [
    { key: 'lastSeenAt', label: t('resources.devices.fields.lastSeenAt'), value: when(state.lastSeenAt, never) },
    { key: 'cashInBoxCents', label: t('resources.devices.fields.cashInBoxCents'), value: formatMoney(state.cashInBoxCents) },
    { key: 'tokensInBox', label: t('resources.devices.fields.tokensInBox'), value: String(state.tokensInBox) },
    { key: 'lastEmptiedAt', label: t('resources.devices.fields.lastEmptiedAt'), value: when(state.lastEmptiedAt, never) },
  ];
  if (state.serviceMode && state.serviceSince) {
    facts.push({ key: 'serviceSince', label: t('resources.devices.fields.serviceSince'), value: formatDateTime(state.serviceSince) });
  }
  if (state.critical && state.criticalSince) {
    facts.push({ key: 'criticalSince', label: t('resources.devices.fields.criticalSince'), value: formatDateTime(state.criticalSince) });
  }

  return (
    <Portlet title={t(k('title'))}>
      <Stack gap="md">
        <DeviceStateBadges state={state} />
        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="xs" m={0}>
          {facts.map((fact) => (
            <div key={fact.key}>
              <Text component="dt" size="sm" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" m={0} fw={500}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {can('devices.command') &&
          (device.logger ? (
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
          ))}
      </Stack>
      <CommandModal
        type={command.type}
        opened={command.opened}
        onClose={() => setCommand((c) => ({ ...c, opened: false }))}
        device={device}
      />
    </Portlet>
  );
}
