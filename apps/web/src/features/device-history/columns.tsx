import { type CriticalEpisode, type Emptying, formatDateTime, formatMoney, type ServiceSession } from '@kovanica/contract';
import { Badge, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash } from '../../components/data-table/cells.tsx';
import type { Column } from '../../components/data-table/index.ts';
import { exportMoney } from '../../lib/export/table.ts';
import classes from './columns.module.css';
import { formatDuration, minutesBetween } from './duration.ts';

/** A time that does not wrap in the middle, so a row stays one line high. */
const when = (value: string) => (
  <Text span inherit style={{ whiteSpace: 'nowrap' }}>
    {formatDateTime(value)}
  </Text>
);

/** An interval still open ("Still on", "Ongoing") says so in a badge instead of an end time. */
const open = (label: string, color: string) => (
  <Badge variant="light" color={color} tt="none">
    {label}
  </Badge>
);

/** `/devices/service-mode-history`: one row per service-mode session. */
export function useServiceSessionColumns(): Column<ServiceSession>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const f = (field: string) => `resources.service-sessions.fields.${field}`;
    const duration = (s: ServiceSession) => formatDuration(minutesBetween(s.startedAt, s.endedAt));
    const columns: Column<ServiceSession>[] = [
      { key: 'device', label: f('device'), render: (s) => s.deviceName, exportValue: (s) => s.deviceName },
      {
        key: 'startedAt',
        label: f('startedAt'),
        sortField: 'startedAt',
        render: (s) => when(s.startedAt),
        exportValue: (s) => formatDateTime(s.startedAt),
      },
      {
        key: 'endedAt',
        label: f('endedAt'),
        render: (s) => (s.endedAt ? when(s.endedAt) : open(t('resources.service-sessions.stillOn'), 'yellow.9')),
        exportValue: (s) => (s.endedAt ? formatDateTime(s.endedAt) : t('resources.service-sessions.stillOn')),
      },
      { key: 'duration', label: f('duration'), align: 'right', render: duration, exportValue: duration },
      { key: 'plays', label: f('plays'), align: 'right', render: (s) => s.plays, exportValue: (s) => s.plays },
    ];
    return columns;
  }, [t]);
}

/** `/devices/critical-history`: one row per critical alarm, from the alarm to its clearing. */
export function useCriticalEpisodeColumns(): Column<CriticalEpisode>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const f = (field: string) => `resources.critical-episodes.fields.${field}`;
    const duration = (e: CriticalEpisode) => formatDuration(e.durationMinutes);
    const columns: Column<CriticalEpisode>[] = [
      { key: 'device', label: f('device'), render: (e) => e.deviceName, exportValue: (e) => e.deviceName },
      {
        key: 'code',
        label: f('code'),
        render: (e) => (
          <Badge variant="filled" color="red.9" tt="none">
            {e.code}
          </Badge>
        ),
        exportValue: (e) => e.code,
      },
      {
        key: 'startedAt',
        label: f('startedAt'),
        sortField: 'startedAt',
        render: (e) => when(e.startedAt),
        exportValue: (e) => formatDateTime(e.startedAt),
      },
      {
        key: 'endedAt',
        label: f('endedAt'),
        render: (e) => (e.endedAt ? when(e.endedAt) : open(t('resources.critical-episodes.ongoing'), 'red.9')),
        exportValue: (e) => (e.endedAt ? formatDateTime(e.endedAt) : t('resources.critical-episodes.ongoing')),
      },
      { key: 'durationMinutes', label: f('durationMinutes'), align: 'right', render: duration, exportValue: duration },
    ];
    return columns;
  }, [t]);
}

/** The device's own count less what telemetry counted; unknown when the device reported no counter. */
export function difference(device: number | null, counted: number): number | null {
  return device === null ? null : device - counted;
}

/** A difference carries its sign: more in the device's counter than telemetry counted is `+`. */
function signed(value: number, format: (n: number) => string): string {
  return value > 0 ? `+${format(value)}` : format(value);
}

/**
 * One side of the comparison in one cell: the money, and the tokens on a second line. The token
 * counts have columns of their own too (hidden at first), for exports and for whoever wants them apart.
 */
function amounts(cents: number | null, tokens: number | null, tokensLabel: (count: string) => string, isDifference = false) {
  if (cents === null && tokens === null) return dash;
  // A difference that is not zero stands out, each line on its own.
  const off = (n: number | null) => isDifference && n !== null && n !== 0;
  const money = cents === null ? '–' : isDifference ? signed(cents, formatMoney) : formatMoney(cents);
  const count = tokens === null ? '–' : isDifference ? signed(tokens, String) : String(tokens);
  return (
    <span className={classes.amounts}>
      <Text span inherit c={off(cents) ? 'red.9' : undefined} fw={off(cents) ? 700 : undefined}>
        {money}
      </Text>
      <Text span size="xs" c={off(tokens) ? 'red.9' : 'dimmed'} fw={off(tokens) ? 700 : undefined}>
        {tokensLabel(count)}
      </Text>
    </span>
  );
}

/**
 * `/devices/discharge-history`: one row per emptying, with what telemetry counted since the previous
 * emptying beside the device's own counters and the difference between them.
 */
export function useEmptyingColumns(): Column<Emptying>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const f = (field: string) => `resources.emptyings.fields.${field}`;
    const tokensLabel = (count: string) => t('resources.emptyings.tokens', { count });
    const centsDifference = (e: Emptying) => difference(e.deviceCoinsCents, e.countedCents);
    const tokensDifference = (e: Emptying) => difference(e.deviceTokens, e.countedTokens);
    const columns: Column<Emptying>[] = [
      { key: 'device', label: f('device'), render: (e) => e.deviceName, exportValue: (e) => e.deviceName },
      { key: 'location', label: f('location'), render: (e) => e.locationName ?? dash, exportValue: (e) => e.locationName },
      { key: 'at', label: f('at'), sortField: 'at', render: (e) => when(e.at), exportValue: (e) => formatDateTime(e.at) },
      {
        key: 'periodStart',
        label: f('periodStart'),
        render: (e) => (e.periodStart ? when(e.periodStart) : dash),
        exportValue: (e) => (e.periodStart ? formatDateTime(e.periodStart) : null),
      },
      {
        key: 'countedCents',
        label: f('countedCents'),
        align: 'right',
        render: (e) => amounts(e.countedCents, e.countedTokens, tokensLabel),
        exportValue: (e) => exportMoney(e.countedCents),
      },
      {
        key: 'deviceCoinsCents',
        label: f('deviceCoinsCents'),
        align: 'right',
        render: (e) => amounts(e.deviceCoinsCents, e.deviceTokens, tokensLabel),
        exportValue: (e) => exportMoney(e.deviceCoinsCents),
      },
      {
        key: 'differenceCents',
        label: f('differenceCents'),
        align: 'right',
        render: (e) => amounts(centsDifference(e), tokensDifference(e), tokensLabel, true),
        exportValue: (e) => exportMoney(centsDifference(e)),
      },
      {
        key: 'countedTokens',
        label: f('countedTokens'),
        align: 'right',
        defaultHidden: true,
        render: (e) => e.countedTokens,
        exportValue: (e) => e.countedTokens,
      },
      {
        key: 'deviceTokens',
        label: f('deviceTokens'),
        align: 'right',
        defaultHidden: true,
        render: (e) => e.deviceTokens ?? dash,
        exportValue: (e) => e.deviceTokens,
      },
      {
        key: 'differenceTokens',
        label: f('differenceTokens'),
        align: 'right',
        defaultHidden: true,
        render: (e) => tokensDifference(e) ?? dash,
        exportValue: tokensDifference,
      },
    ];
    return columns;
  }, [t]);
}
