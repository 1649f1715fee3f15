import { type BillAttempt, type BillAttemptOutcome, billAttemptOutcomes, formatDateTime, parseIri } from '@kovanica/contract';
import { ActionIcon, Text } from '@mantine/core';
import { IconCode } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BadgeColour, CellBadge, dash, nowrap, WARNING_COLOUR } from '../../components/data-table/cells.tsx';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { billAttemptsApi } from '../../lib/apis/bill-attempts.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { BillNumberLink } from './bill-columns.tsx';
import { BillSelect } from './bill-select.tsx';
import { XmlDrawer } from './xml-drawer.tsx';

const f = (field: string) => `bills.request.fields.${field}`;
const k = (key: string) => `bills.request.${key}`;

// A retried outcome (timeout, network) and a late delivery are warnings.
const outcomeColours: Record<BillAttemptOutcome, BadgeColour> = {
  jir: 'teal.9',
  error: 'red.9',
  fault: 'red.9',
  invalid: 'red.9',
  timeout: WARNING_COLOUR,
  network: WARNING_COLOUR,
};

const filters: readonly Filter[] = [
  { field: 'bill', label: f('bill'), kind: 'custom', render: (props) => <BillSelect {...props} /> },
  {
    field: 'outcome',
    label: f('outcome'),
    kind: 'select',
    options: billAttemptOutcomes.map((o) => ({ value: o, label: `bills.request.outcomes.${o}` })),
  },
  { field: 'errorCode', label: f('errorCode'), kind: 'text' },
  { field: 'late', label: f('late'), kind: 'boolean' },
  { field: 'at', label: 'bills.period', kind: 'date-range' },
];

function useAttemptColumns(): Column<BillAttempt>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const outcome = (a: BillAttempt) => t(`bills.request.outcomes.${a.outcome ?? 'pending'}`);
    return [
      { key: 'at', label: f('at'), sortField: 'at', render: (a) => nowrap(formatDateTime(a.at)), exportValue: (a) => formatDateTime(a.at) },
      {
        key: 'bill',
        label: f('bill'),
        render: (a) => {
          const id = parseIri('bills', a.bill);
          return id === null ? a.billNumber : <BillNumberLink id={id} number={a.billNumber} />;
        },
        exportValue: (a) => a.billNumber,
      },
      {
        key: 'late',
        label: f('late'),
        render: (a) => (a.late ? <CellBadge color={WARNING_COLOUR}>{t(k('lateDelivery'))}</CellBadge> : t('dataTable.no')),
        exportValue: (a) => t(a.late ? 'dataTable.yes' : 'dataTable.no'),
      },
      {
        key: 'environment',
        label: f('environment'),
        render: (a) => t(`bills.request.environments.${a.environment}`),
        exportValue: (a) => t(`bills.request.environments.${a.environment}`),
      },
      {
        key: 'outcome',
        label: f('outcome'),
        render: (a) => <CellBadge color={a.outcome ? outcomeColours[a.outcome] : 'gray.8'}>{outcome(a)}</CellBadge>,
        exportValue: outcome,
      },
      {
        key: 'errorCode',
        label: f('errorCode'),
        render: (a) =>
          a.errorCode ? (
            <Text span ff="monospace" size="sm">
              {a.errorCode}
            </Text>
          ) : (
            dash
          ),
        exportValue: (a) => a.errorCode,
      },
      {
        key: 'errorMessage',
        label: f('errorMessage'),
        render: (a) =>
          a.errorMessage ? (
            <Text size="sm" lineClamp={2} maw={320} title={a.errorMessage}>
              {a.errorMessage}
            </Text>
          ) : (
            dash
          ),
        exportValue: (a) => a.errorMessage,
      },
      {
        key: 'durationMs',
        label: f('durationMs'),
        align: 'right',
        render: (a) => (a.durationMs === null ? dash : nowrap(t(k('ms'), { ms: a.durationMs }))),
        exportValue: (a) => a.durationMs,
      },
      {
        key: 'messageId',
        label: f('messageId'),
        defaultHidden: true,
        render: (a) => (
          <Text span ff="monospace" size="xs" style={{ whiteSpace: 'nowrap' }}>
            {a.messageId}
          </Text>
        ),
        exportValue: (a) => a.messageId,
      },
    ];
  }, [t]);
}

/**
 * `/bills/request`: every send of a bill to CIS, newest first — when, which bill, whether it was a
 * late delivery, to which service, what came of it (a JIR, CIS's error code and message, a fault, a
 * time-out) and how long it took. A row's button opens the request and the answer as XML.
 */
export function BillAttemptsPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useAttemptColumns();
  const [open, setOpen] = useState<BillAttempt | null>(null);
  const title = t(k('title'));
  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'))} />
      <DataTable
        api={billAttemptsApi}
        columns={columns}
        filters={filters}
        title={title}
        storageId={wide ? 'bill-attempts-all' : 'bill-attempts'}
        rowActions={(a) => (
          <RowTooltip label={t(k('showXml'), { number: a.billNumber, at: formatDateTime(a.at) })}>
            <ActionIcon
              variant="subtle"
              aria-label={t(k('showXml'), { number: a.billNumber, at: formatDateTime(a.at) })}
              onClick={() => setOpen(a)}
            >
              <IconCode size={18} aria-hidden />
            </ActionIcon>
          </RowTooltip>
        )}
      />
      <XmlDrawer attempt={open} onClose={() => setOpen(null)} />
    </>
  );
}
