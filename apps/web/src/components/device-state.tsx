import type { DeviceState } from '@kovanica/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type BadgeColour, below, CellBadge, WARNING_COLOUR } from './data-table/cells.tsx';
import classes from './device-state.module.css';

const k = (key: string) => `resources.devices.state.${key}`;

interface StateLabel {
  key: string;
  text: string;
  color: BadgeColour;
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
      color: WARNING_COLOUR,
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

/**
 * The state as badges: Online/Offline, Service mode, Critical (code), and one Problematic badge, its
 * reasons on a smaller line under the badges, where they may wrap. A badge does not wrap: "Problematic:
 * no revenue for 3 days" as one made a list's status column twice as wide as any other.
 */
export function DeviceStateBadges({ state }: { state: DeviceState }) {
  const { t } = useTranslation();
  const labels = stateLabels({ ...state, problems: [] }, t);
  if (state.problems.length > 0) {
    labels.push({ key: 'problematic', text: t(k('problematicBadge')), color: WARNING_COLOUR, variant: 'filled' });
  }
  return (
    <>
      <span className={classes.badges}>
        {labels.map((label) => (
          <CellBadge key={label.key} variant={label.variant} color={label.color}>
            {label.text}
          </CellBadge>
        ))}
      </span>
      {state.problems.length > 0 && below(state.problems.map((reason) => t(k(`problems.${reason}`))).join(', '))}
    </>
  );
}
