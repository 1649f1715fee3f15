import { formatCount, formatMoney, type RevenueOrderField } from '@kovanica/contract';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportCell } from '../../components/data-table/index.ts';
import type { ReportColumn } from '../../components/report-table/index.ts';
import { exportMoney } from '../../lib/export/table.ts';
import type { RevenueGrouping, RevenueLine, RevenueParts } from './revenue-rows.ts';

/** A column of the revenue report: a report column the server orders the lines by, with a total. */
export interface RevenueColumn extends ReportColumn<RevenueLine> {
  orderField: RevenueOrderField;
  /** The totals row's cell; absent, the cell stays empty. */
  total?: { render: (totals: RevenueParts) => ReactNode; exportValue: (totals: RevenueParts) => ExportCell };
}

const f = (field: string) => `resources.revenue.fields.${field}`;

const dash = (
  <Text span c="dimmed" inherit>
    –
  </Text>
);

type MoneyPart = 'coinsCents' | 'notesCents' | 'cashlessCents' | 'cardCents' | 'tokensCents' | 'revenueCents';
type CountPart = 'tokens' | 'plays' | 'freeRides' | 'testPlays';

function money(part: MoneyPart, strong = false): RevenueColumn {
  const show = (cents: number) =>
    strong ? (
      <Text span fw={700} inherit>
        {formatMoney(cents)}
      </Text>
    ) : (
      formatMoney(cents)
    );
  return {
    key: part,
    label: f(part),
    align: 'right',
    render: (l) => show(l[part]),
    exportValue: (l) => exportMoney(l[part]),
    orderField: part,
    total: { render: (t) => formatMoney(t[part]), exportValue: (t) => exportMoney(t[part]) },
  };
}

function count(part: CountPart): RevenueColumn {
  return {
    key: part,
    label: f(part),
    align: 'right',
    render: (l) => formatCount(l[part]),
    exportValue: (l) => l[part],
    orderField: part,
    total: { render: (t) => formatCount(t[part]), exportValue: (t) => t[part] },
  };
}

const average: RevenueColumn = {
  key: 'averagePerPlayCents',
  label: f('averagePerPlayCents'),
  align: 'right',
  render: (l) => (l.averagePerPlayCents === null ? dash : formatMoney(l.averagePerPlayCents)),
  exportValue: (l) => exportMoney(l.averagePerPlayCents),
  orderField: 'averagePerPlayCents',
  total: {
    render: (t) => (t.averagePerPlayCents === null ? dash : formatMoney(t.averagePerPlayCents)),
    exportValue: (t) => exportMoney(t.averagePerPlayCents),
  },
};

/** The report's columns: who earned it (a device at a location, or a location), then the parts. */
export function useRevenueColumns(grouping: RevenueGrouping): RevenueColumn[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const noLocation = t('resources.revenue.noLocation');
    const location: RevenueColumn = {
      key: 'location',
      label: f('location'),
      rowHeader: grouping === 'location',
      render: (l) =>
        l.locationName ?? (
          <Text span c="dimmed" inherit fs="italic">
            {noLocation}
          </Text>
        ),
      exportValue: (l) => l.locationName ?? noLocation,
      orderField: 'location',
    };
    const who: RevenueColumn[] =
      grouping === 'location'
        ? [
            location,
            {
              key: 'devices',
              label: f('devices'),
              align: 'right',
              render: (l) => formatCount(l.devices),
              exportValue: (l) => l.devices,
              orderField: 'devices',
            },
          ]
        : [
            {
              key: 'device',
              label: f('device'),
              rowHeader: true,
              render: (l) => l.deviceName,
              exportValue: (l) => l.deviceName,
              orderField: 'device',
            },
            location,
          ];
    // The headline figures first, so they are in view on a laptop; the parts of the revenue follow.
    return [
      ...who,
      money('revenueCents', true),
      count('plays'),
      average,
      money('coinsCents'),
      money('notesCents'),
      money('cashlessCents'),
      money('cardCents'),
      count('tokens'),
      money('tokensCents'),
      count('freeRides'),
      count('testPlays'),
    ];
  }, [t, grouping]);
}
