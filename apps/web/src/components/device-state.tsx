import type { DeviceState } from '@kovanica/contract';
import { Badge, Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const k = (key: string) => `resources.devices.state.${key}`;

interface StateLabel {
  key: string;
  text: string;
  color: string;
  variant: 'dot' | 'outline' | 'filled';
}

/** What a device's state says, most urgent last: online or offline, service mode, critical, problems. */
function stateLabels(state: DeviceState, t: TFunction): StateLabel[] {
  const labels: StateLabel[] = [
    state.online
      ? { key: 'online', text: t(k('online')), color: 'teal.9', variant: 'dot' }
      : { key: 'offline', text: t(k('offline')), color: 'gray.7', variant: 'dot' },
  ];
  if (state.serviceMode) labels.push({ key: 'service', text: t(k('serviceMode')), color: 'blue.9', variant: 'outline' });
  if (state.critical) {
    const text = state.criticalCode ? t(k('criticalCode'), { code: state.criticalCode }) : t(k('critical'));
    labels.push({ key: 'critical', text, color: 'red.9', variant: 'filled' });
  }
  for (const reason of state.problems) {
    labels.push({
      key: `problem-${reason}`,
      text: t(k('problematic'), { reason: t(k(`problems.${reason}`)) }),
      // Dark text on yellow: orange shades with white text stay under 4.5:1.
      color: 'yellow.4',
      variant: 'filled',
    });
  }
  return labels;
}

/** The state as one line of text, for exports: "Online, Critical (E12)". */
export function stateText(state: DeviceState, t: TFunction): string {
  return stateLabels(state, t)
    .map((l) => l.text)
    .join(', ');
}

/** The state as badges: Online/Offline, Service mode, Critical (code), Problematic: reason. */
export function DeviceStateBadges({ state }: { state: DeviceState }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {stateLabels(state, t).map((label) => (
        <Badge key={label.key} variant={label.variant} color={label.color} autoContrast tt="none">
          {label.text}
        </Badge>
      ))}
    </Group>
  );
}
