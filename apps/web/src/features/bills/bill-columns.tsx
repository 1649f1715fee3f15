import { type Bill, formatDateTime, formatMoney } from '@kovanica/contract';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge, code, dash, flagged, linkClass, nowrap, shortCode } from '../../components/data-table/cells.tsx';
import type { Column } from '../../components/data-table/index.ts';
import { RowLink } from '../../components/list-actions.tsx';
import { exportMoney } from '../../lib/export/table.ts';
import classes from './bill-columns.module.css';

const f = (field: string) => `bills.fields.${field}`;

/** A bill's number as printed (`12/PP01/3`), a link to its page. */
export function BillNumberLink({ id, number }: { id: number; number: string }) {
  return (
    <RowLink to="/bills/$id" id={id} className={linkClass}>
      {number}
    </RowLink>
  );
}

/**
 * A bill's state as badges: fiscalized (it has its JIR) or not, and a storno or a cancelled bill
 * marked as such. Words, not colours alone, say which.
 */
export function BillStatusBadges({ bill }: { bill: Pick<Bill, 'status' | 'kind' | 'cancelledBy'> }) {
  const { t } = useTranslation();
  return (
    <span className={classes.badges}>
      <CellBadge color={bill.status === 'fiscalized' ? 'teal.9' : 'red.9'}>{t(`bills.statuses.${bill.status}`)}</CellBadge>
      {bill.kind === 'storno' && (
        <CellBadge color="grape.9" variant="outline">
          {t('bills.kinds.storno')}
        </CellBadge>
      )}
      {bill.cancelledBy && (
        <CellBadge color="gray.9" variant="outline">
          {t('bills.cancelled')}
        </CellBadge>
      )}
    </span>
  );
}

/** The status as one text, for an export. */
export const statusText = (t: (key: string) => string, b: Bill) =>
  [t(`bills.statuses.${b.status}`), b.kind === 'storno' ? t('bills.kinds.storno') : null, b.cancelledBy ? t('bills.cancelled') : null]
    .filter(Boolean)
    .join(', ');

// Not described: the bill list and its file disagree in order (the VAT beside the total, the ZKI before the JIR) and in labels ("Issued at" and "Amount" against "Issued" and "Total"), and its texts are the bill pages' own `bills.*`.
/** The columns of every bills list; the unfiscalized list adds its own (deadline, attempts, last error). */
export function useBillColumns(): Column<Bill>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const columns: Column<Bill>[] = [
      {
        key: 'number',
        label: f('number'),
        render: (b) => <BillNumberLink id={b.id} number={b.number} />,
        exportValue: (b) => b.number,
      },
      {
        key: 'issuedAt',
        label: f('issuedAt'),
        sortField: 'issuedAt',
        render: (b) => nowrap(formatDateTime(b.issuedAt)),
        exportValue: (b) => formatDateTime(b.issuedAt),
      },
      {
        key: 'kind',
        label: f('kind'),
        render: (b) => t(`bills.kinds.${b.kind}`),
        exportValue: (b) => t(`bills.kinds.${b.kind}`),
      },
      {
        key: 'device',
        label: f('device'),
        render: (b) => (b.deviceName ? nowrap(b.deviceName) : dash),
        exportValue: (b) => b.deviceName,
      },
      { key: 'location', label: f('location'), render: (b) => b.locationName ?? dash, exportValue: (b) => b.locationName },
      {
        key: 'totalCents',
        label: f('totalCents'),
        sortField: 'totalCents',
        align: 'right',
        render: (b) => flagged(formatMoney(b.totalCents), b.totalCents < 0),
        exportValue: (b) => exportMoney(b.totalCents),
      },
      {
        key: 'payment',
        label: f('payment'),
        render: (b) => t(`bills.payments.${b.payment}`),
        exportValue: (b) => t(`bills.payments.${b.payment}`),
      },
      {
        key: 'status',
        label: f('status'),
        render: (b) => <BillStatusBadges bill={b} />,
        exportValue: (b) => statusText(t, b),
      },
      { key: 'jir', label: f('jir'), render: (b) => shortCode(b.jir), exportValue: (b) => b.jir },
      {
        key: 'fiscalizedAt',
        label: f('fiscalizedAt'),
        defaultHidden: true,
        render: (b) => (b.fiscalizedAt ? nowrap(formatDateTime(b.fiscalizedAt)) : dash),
        exportValue: (b) => (b.fiscalizedAt ? formatDateTime(b.fiscalizedAt) : null),
      },
      { key: 'zki', label: f('zki'), defaultHidden: true, render: (b) => code(b.zki), exportValue: (b) => b.zki },
      { key: 'premises', label: f('premises'), defaultHidden: true, render: (b) => b.premises, exportValue: (b) => b.premises },
      { key: 'isu', label: f('isu'), defaultHidden: true, render: (b) => b.isu, exportValue: (b) => b.isu },
      {
        key: 'vatCents',
        label: f('vatCents'),
        defaultHidden: true,
        align: 'right',
        render: (b) => (b.vatCents === null ? dash : nowrap(formatMoney(b.vatCents))),
        exportValue: (b) => exportMoney(b.vatCents),
      },
      {
        key: 'attempts',
        label: f('attempts'),
        defaultHidden: true,
        align: 'right',
        render: (b) => b.attempts,
        exportValue: (b) => b.attempts,
      },
      {
        key: 'note',
        label: f('note'),
        defaultHidden: true,
        render: (b) =>
          b.note ? (
            <Text size="sm" lineClamp={2} maw={240} title={b.note}>
              {b.note}
            </Text>
          ) : (
            dash
          ),
        exportValue: (b) => b.note,
      },
    ];
    return columns;
  }, [t]);
}
