import { formatDateTime, formatMoney, type Transaction } from '@kovanica/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash } from '../../components/data-table/cells.tsx';
import type { Column } from '../../components/data-table/index.ts';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import classes from './transactions-list.module.css';

const f = (field: string) => `resources.transactions.fields.${field}`;

/** The columns of the transactions list (the table adds the company column in the All Companies view). */
export function useTransactionColumns(): Column<Transaction>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const type = (r: Transaction) => t(`resources.transactions.types.${r.type}`);
    // Free rides and resets say who gave them: a user remotely (with the reason), or the device itself.
    const source = (r: Transaction) => {
      if (r.type !== 'free_ride' && r.type !== 'reset') return null;
      if (!r.command) return t('resources.transactions.onDevice');
      return t('resources.transactions.remote', { name: r.requestedByName ?? '–', reason: r.reason ?? '–' });
    };
    const columns: Column<Transaction>[] = [
      {
        key: 'at',
        label: f('at'),
        sortField: 'at',
        render: (r) => (
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(r.at)}
          </Text>
        ),
        exportValue: (r) => formatDateTime(r.at),
      },
      { key: 'device', label: f('device'), render: (r) => r.deviceName ?? dash, exportValue: (r) => r.deviceName },
      { key: 'location', label: f('location'), render: (r) => r.locationName ?? dash, exportValue: (r) => r.locationName },
      {
        key: 'type',
        label: f('type'),
        render: (r) =>
          r.frequent ? (
            <Group gap={6} wrap="nowrap">
              {type(r)}
              <RowTooltip label={t('resources.transactions.frequentHint')} multiline w={260}>
                <Badge
                  color="red"
                  variant="light"
                  tabIndex={0}
                  aria-label={`${t('resources.transactions.frequent')}: ${t('resources.transactions.frequentHint')}`}
                >
                  {t('resources.transactions.frequent')}
                </Badge>
              </RowTooltip>
            </Group>
          ) : (
            type(r)
          ),
        exportValue: (r) => (r.frequent ? `${type(r)} (${t('resources.transactions.frequent')})` : type(r)),
      },
      {
        key: 'source',
        label: f('source'),
        render: (r) => source(r) ?? dash,
        exportValue: (r) => source(r),
      },
      {
        key: 'amountCents',
        label: f('amountCents'),
        sortField: 'amountCents',
        align: 'right',
        render: (r) => formatMoney(r.amountCents),
        // Exports keep amounts as numbers (euros) so a spreadsheet can add them up.
        exportValue: (r) => r.amountCents / 100,
      },
      { key: 'count', label: f('count'), align: 'right', render: (r) => r.count, exportValue: (r) => r.count },
      {
        key: 'test',
        label: f('test'),
        render: (r) =>
          r.test ? (
            <Badge color="yellow.4" variant="filled" autoContrast className={classes.testPlay}>
              {t('resources.transactions.testPlay')}
            </Badge>
          ) : null,
        exportValue: (r) => t(r.test ? 'dataTable.yes' : 'dataTable.no'),
      },
      { key: 'seq', label: f('seq'), align: 'right', defaultHidden: true, render: (r) => r.seq, exportValue: (r) => r.seq },
    ];
    return columns;
  }, [t]);
}
