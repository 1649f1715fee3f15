import { type Bill, type BillAttempt, formatCount } from '@kovanica/contract';
import { ActionIcon, Badge, Title } from '@mantine/core';
import { IconCode } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table/index.ts';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { billAttemptsApi } from '../../lib/apis/bill-attempts.ts';
import { formatBillTime } from './bill-time.ts';
import { XmlDrawer } from './xml-drawer.tsx';

const k = (key: string) => `billPage.attempts.${key}`;

const outcomeColour: Record<string, string> = { jir: 'teal.9', pending: 'gray.8' };
const outcomeOf = (a: BillAttempt) => a.outcome ?? 'pending';

function useColumns(): Column<BillAttempt>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const outcome = (a: BillAttempt) => t(k(`outcomes.${outcomeOf(a)}`));
    const error = (a: BillAttempt) => [a.errorCode, a.errorMessage].filter(Boolean).join(': ') || null;
    return [
      { key: 'at', label: k('fields.at'), sortField: 'at', render: (a) => formatBillTime(a.at), exportValue: (a) => formatBillTime(a.at) },
      {
        key: 'late',
        label: k('fields.late'),
        render: (a) => (a.late ? t(k('late')) : t(k('first'))),
        exportValue: (a) => (a.late ? t(k('late')) : t(k('first'))),
      },
      {
        key: 'outcome',
        label: k('fields.outcome'),
        render: (a) => (
          <Badge variant="filled" color={outcomeColour[outcomeOf(a)] ?? 'red.9'} tt="none" miw="max-content">
            {outcome(a)}
          </Badge>
        ),
        exportValue: outcome,
      },
      { key: 'error', label: k('fields.error'), render: (a) => error(a) ?? '–', exportValue: error },
      {
        key: 'durationMs',
        label: k('fields.durationMs'),
        align: 'right',
        render: (a) => (a.durationMs === null ? '–' : `${formatCount(a.durationMs)} ms`),
        exportValue: (a) => a.durationMs,
      },
      {
        key: 'environment',
        label: k('fields.environment'),
        render: (a) => t(`fiscal.environments.${a.environment}`),
        exportValue: (a) => t(`fiscal.environments.${a.environment}`),
      },
      { key: 'messageId', label: k('fields.messageId'), defaultHidden: true, render: (a) => a.messageId, exportValue: (a) => a.messageId },
    ];
  }, [t]);
}

/** The row's action: open the send's request and answer XML (in the drawer of `/bills/request`). */
function ShowXml({ attempt, onOpen }: { attempt: BillAttempt; onOpen: (attempt: BillAttempt) => void }) {
  const { t } = useTranslation();
  const label = t(k('showXml'), { time: formatBillTime(attempt.at) });
  return (
    <RowTooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} onClick={() => onOpen(attempt)}>
        <IconCode size={18} aria-hidden />
      </ActionIcon>
    </RowTooltip>
  );
}

/** Every send of the bill to CIS (`/bill-attempts?bill=<IRI>`), newest first; each opens its XML. */
export function BillAttempts({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const columns = useColumns();
  const headingId = useId();
  const baseQuery = useMemo(() => ({ bill: bill['@id'] }), [bill]);
  const title = t(k('title'));
  const [opened, setOpened] = useState<BillAttempt | null>(null);
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      <DataTable
        api={billAttemptsApi}
        columns={columns}
        baseQuery={baseQuery}
        title={title}
        storageId="bill-attempts-of-bill"
        companyColumn={false}
        emptyText={t(k('empty'))}
        rowActions={(a) => <ShowXml attempt={a} onOpen={setOpened} />}
      />
      <XmlDrawer attempt={opened} onClose={() => setOpened(null)} />
    </section>
  );
}
