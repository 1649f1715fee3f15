import { formatCount, formatMoney } from '@kovanica/contract';
import { IconCoins, IconPlayerPlay, IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReportFigures } from '../../components/report-figures.tsx';
import type { RevenueParts } from './revenue-rows.ts';

/** The report's headline: revenue, plays and the average per play of the totals. */
export function RevenueFigures({ totals }: { totals: RevenueParts | undefined }) {
  const { t } = useTranslation();
  return (
    <ReportFigures
      figures={[
        {
          label: t('resources.revenue.fields.revenueCents'),
          value: totals && formatMoney(totals.revenueCents),
          icon: <IconCoins size={24} aria-hidden />,
        },
        {
          label: t('resources.revenue.fields.plays'),
          value: totals && formatCount(totals.plays),
          icon: <IconPlayerPlay size={24} aria-hidden />,
        },
        {
          label: t('resources.revenue.fields.averagePerPlayCents'),
          value: totals && (totals.averagePerPlayCents === null ? '–' : formatMoney(totals.averagePerPlayCents)),
          icon: <IconReceipt2 size={24} aria-hidden />,
        },
      ]}
    />
  );
}
