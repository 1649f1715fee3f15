import type { Device } from '@kovanica/contract';
import { formatDateTime, formatMoney, PLAUSIBILITY } from '@kovanica/contract';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceStateBadges } from '../../components/device-state.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';

const k = (key: string) => `resources.devices.state.${key}`;

const when = (value: string | null, never: string) => (value ? formatDateTime(value) : never);

/**
 * The "In operation" card at the top of a device's edit page: its state from telemetry, and below it
 * `actions` (the route puts the free ride and reset commands there, from `features/commands`).
 */
export function DeviceStateCard({ device, actions }: { device: Device; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { state } = device;
  // Critical for a batch held as implausible: the way to the batch, where it is released or discarded.
  const held = state.critical && state.criticalCode === PLAUSIBILITY.code && can('telemetry-holds.read');
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
        {held && (
          <Anchor renderRoot={(props) => <Link to="/devices/held-telemetry" search={{ device: device.id }} {...props} />}>
            {t('resources.telemetry-holds.openList')}
          </Anchor>
        )}
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
        {actions}
      </Stack>
    </Portlet>
  );
}
