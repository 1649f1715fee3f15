import { formatCount, formatMoney } from '@kovanica/contract';
import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconCoins, IconPlayerPlay, IconReceipt2 } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './revenue.module.css';
import type { RevenueParts } from './revenue-rows.ts';

/** The report's headline: revenue, plays and the average per play of the totals. */
export function RevenueFigures({ totals }: { totals: RevenueParts | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }} className={classes.figures}>
      <Figure
        label={t('resources.revenue.fields.revenueCents')}
        value={totals && formatMoney(totals.revenueCents)}
        icon={<IconCoins size={24} aria-hidden />}
      />
      <Figure
        label={t('resources.revenue.fields.plays')}
        value={totals && formatCount(totals.plays)}
        icon={<IconPlayerPlay size={24} aria-hidden />}
      />
      <Figure
        label={t('resources.revenue.fields.averagePerPlayCents')}
        value={totals && (totals.averagePerPlayCents === null ? '–' : formatMoney(totals.averagePerPlayCents))}
        icon={<IconReceipt2 size={24} aria-hidden />}
      />
    </SimpleGrid>
  );
}

/** One figure, a region named by its label so it can be found (and read out) by it. */
function Figure({ label, value, icon }: { label: string; value: string | undefined; icon: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder shadow="xs" radius="md" className={classes.figure}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text id={id} size="sm" c="dimmed" fw={500} lh={1.3}>
            {label}
          </Text>
          {value === undefined ? <Skeleton height={32} width={120} mt={6} /> : <Text className={classes.figureValue}>{value}</Text>}
        </div>
        <span className={classes.figureIcon}>{icon}</span>
      </Group>
    </Paper>
  );
}
