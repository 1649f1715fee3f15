import { formatDateTime, type Transaction, transactionFieldsDescription } from '@kovanica/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash } from '../../components/data-table/cells.tsx';
import { type Column, describedColumns } from '../../components/data-table/index.ts';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import classes from './transactions-list.module.css';

/**
 * The columns of the transactions list, as the contract describes them (`transactionFieldsDescription`),
 * with the cells their kind cannot draw; the table adds the company column in the All Companies view.
 */
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
    return describedColumns<Transaction>(transactionFieldsDescription, t, {
      at: {
        render: (r) => (
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(r.at)}
          </Text>
        ),
      },
      type: {
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
      source: { render: (r) => source(r) ?? dash, exportValue: (r) => source(r) },
      test: {
        render: (r) =>
          r.test ? (
            <Badge color="yellow.4" variant="filled" autoContrast className={classes.testPlay}>
              {t('resources.transactions.testPlay')}
            </Badge>
          ) : null,
      },
    });
  }, [t]);
}
