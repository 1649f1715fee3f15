import { type DashboardFigures, formatDate, formatMoney, formatShare, INDEX_MIN_MINUTES, INDEX_MIN_PAYMENTS } from '@kovanica/contract';
import { Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeOf, type IndexKey, indexPeriods, type Trend, trendOf } from './dashboard-figures.ts';
import classes from './dashboard-page.module.css';

const k = (key: string) => `dashboardFigures.indexes.${key}`;

/** The Zagreb clock time from which part of a day is compared (`01:00`). */
const EARLIEST = `${String(Math.floor(INDEX_MIN_MINUTES / 60)).padStart(2, '0')}:${String(INDEX_MIN_MINUTES % 60).padStart(2, '0')}`;

const TREND_ICON = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconArrowRight } as const;
// Dark shades: the cue's text passes AA contrast on the tile; the arrow and the words carry it without colour.
const TREND_COLOUR = { up: 'teal.9', down: 'red.9', flat: 'gray.7' } as const;

/** Which way an index points, as an arrow and words ("12,5 % more"), never by colour alone. */
function TrendCue({ trend, index }: { trend: Trend; index: number }) {
  const { t } = useTranslation();
  const Icon = TREND_ICON[trend];
  const change = formatShare(Math.abs(changeOf(index)));
  return (
    <Group gap={4} wrap="nowrap" c={TREND_COLOUR[trend]} className={classes.trend} data-trend={trend}>
      <Icon size={18} aria-hidden stroke={2.2} />
      <Text span size="sm" fw={600} inherit>
        {t(k(trend), { change })}
      </Text>
    </Group>
  );
}

/**
 * One index: its value, its direction, and the two amounts it divides, each named (today so far vs the
 * same weekday last week…). No index when the comparison earned nothing, or while it is too early in
 * the day to compare: a dash and why.
 */
function IndexFigure({
  name,
  period,
  value,
}: {
  name: IndexKey;
  period: string;
  value: DashboardFigures['indexes'][IndexKey] | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const trend = value ? trendOf(value.index) : null;
  return (
    <section aria-labelledby={id} className={classes.tile} data-testid={`index-${name}`}>
      <Text id={id} size="sm" c="dimmed" fw={600}>
        {t(k(name))}
      </Text>
      {value === undefined ? (
        <Skeleton height={34} width={110} mt={4} />
      ) : (
        <Group gap="sm" align="baseline" wrap="wrap" mt={2}>
          <Text className={classes.figure}>{value.index === null ? '—' : formatShare(value.index)}</Text>
          {trend && value.index !== null && <TrendCue trend={trend} index={value.index} />}
        </Group>
      )}
      {value?.noIndex && (
        <Text size="xs" c="dimmed" mt={2}>
          {value.noIndex === 'too_early' ? t(k('tooEarly'), { time: EARLIEST, payments: INDEX_MIN_PAYMENTS }) : t(k('none'))}
        </Text>
      )}
      {value?.recordedFrom && (
        <Text size="xs" c="dimmed" mt={2}>
          {t(k('recordedFrom'), { date: formatDate(value.recordedFrom) })}
        </Text>
      )}
      <dl className={classes.amounts}>
        <div>
          {/* Cut to the record, a span is named by its first day: "From 06.11.2026 so far". */}
          <dt>{value?.recordedFrom ? t(k('current.since'), { date: formatDate(value.from) }) : t(k(`current.${period}`))}</dt>
          <dd>{value ? formatMoney(value.currentCents) : <Skeleton height={14} width={80} />}</dd>
        </div>
        <div>
          <dt>{value?.recordedFrom ? t(k('comparison.since'), { date: formatDate(value.comparisonFrom) }) : t(k(`comparison.${name}`))}</dt>
          <dd>{value ? formatMoney(value.comparisonCents) : <Skeleton height={14} width={80} />}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The daily, weekly, monthly and yearly indexes, each period's own above its last-year counterpart. */
// Memoised: the dashboard renders again whenever one of its queries answers; a card renders only when its own figures change.
export const IndexFigures = memo(function IndexFigures({ indexes }: { indexes: DashboardFigures['indexes'] | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(k('explain'))}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {indexPeriods.map(({ period, indexes: names }) => (
          <Stack key={period} gap="md">
            {names.map((name) => (
              <IndexFigure key={name} name={name} period={period} value={indexes?.[name]} />
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
});
