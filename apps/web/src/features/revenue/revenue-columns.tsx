import { formatCount, type RevenueOrderField } from '@kovanica/contract';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countColumn, moneyColumn, type TotalsColumn } from '../../components/report-table/index.ts';
import type { RevenueGrouping, RevenueLine, RevenueParts } from './revenue-rows.ts';

/** A column of the revenue report: a report column with a total, that the server orders the lines by. */
export interface RevenueColumn extends TotalsColumn<RevenueLine, RevenueParts> {
  orderField: RevenueOrderField;
}

const f = (field: string) => `resources.revenue.fields.${field}`;

type MoneyPart =
  | 'coinsCents'
  | 'notesCents'
  | 'cashlessCents'
  | 'cardCents'
  | 'tokensCents'
  | 'revenueCents'
  | 'averagePerPlayCents'
  | 'cardBonusCents';
type CountPart = 'tokens' | 'plays' | 'freeRides' | 'testPlays';

const money = (part: MoneyPart, strong = false): RevenueColumn => ({ ...moneyColumn(part, f(part), { strong }), orderField: part });
const count = (part: CountPart): RevenueColumn => ({ ...countColumn(part, f(part)), orderField: part });

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
      money('averagePerPlayCents'),
      money('coinsCents'),
      money('notesCents'),
      money('cashlessCents'),
      money('cardCents'),
      count('tokens'),
      money('tokensCents'),
      count('freeRides'),
      // Card plays paid from a bonus: beside the free rides, never in the revenue.
      money('cardBonusCents'),
      count('testPlays'),
    ];
  }, [t, grouping]);
}
