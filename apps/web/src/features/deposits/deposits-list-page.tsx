import { type Deposit, type Device, depositFieldsDescription, iri } from '@kovanica/contract';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconCalculator, IconChecks, IconCircleCheck, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditHistoryDrawer } from '../../components/audit-history.tsx';
import { DataTable, describedFilters, type Filter } from '../../components/data-table/index.ts';
import { lazyModal } from '../../components/lazy-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { RowTooltip } from '../../components/row-tooltip.tsx';
import { useAccess } from '../../lib/access.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { useListSearch, withFilter } from '../../lib/list-state.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { depositLabel, depositsListSource, UNVERIFIED } from './api.ts';
import { useDepositColumns } from './columns.tsx';
import { type Verification, VerifyDepositsModal } from './verify-deposits.tsx';

/** The count's form loads when it is first opened (the list's first paint without the form kit). */
const DepositReportModal = lazyModal(
  () => import('./deposit-report-form.tsx').then((m) => m.DepositReportModal),
  (p) => p.deposit !== null,
);

const k = (key: string) => `resources.deposits.${key}`;

/** A relation filter takes an IRI; a plain id (the header's links: `?device=8`) is read as one too. */
const asIri = (collection: string, value: string | null) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? iri(collection, Number(value)) : value;

/** Devices are told apart by their logger's IMEI where names repeat across locations. */
const deviceLabel = (d: Device) => (d.imei ? `${d.name} (${d.imei})` : d.name);

/** Status (with "unverified" for the two open ones), device, location, the period of the emptying. */
const filters: readonly Filter[] = (() => {
  const described = describedFilters(depositFieldsDescription, {
    device: {
      render: ({ value, ...props }) => (
        <ReferenceSelect api={devicesApi} optionLabel={deviceLabel} clearable value={asIri('devices', value)} {...props} />
      ),
    },
    location: {
      render: ({ value, ...props }) => <ReferenceSelect api={locationsApi} clearable value={asIri('locations', value)} {...props} />,
    },
  });
  // The status first, as the list always had it; the period last.
  return [
    ...described.filter((filter) => filter.field === 'status'),
    ...described.filter((filter) => filter.field !== 'status'),
    { field: 'at', label: k('period'), kind: 'date-range' },
  ];
})();

/** Quick choices of the status filter; the URL stays the one truth (`?status=unverified`). */
function StatusQuickFilter() {
  const { t } = useTranslation();
  const [search, setSearch] = useListSearch();
  const quick = [UNVERIFIED, 'verified'] as const;
  return (
    <Group gap={4} role="group" aria-label={t(k('quick.label'))}>
      {quick.map((status) => {
        const active = search.status === status;
        return (
          <Button
            key={status}
            size="sm"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            onClick={() => setSearch(withFilter(search, 'status', active ? undefined : status))}
          >
            {t(`resources.deposits.quick.${status}`)}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * `/deposits/list`: each emptying's reported amounts against what was counted and handed in. Workers
 * report the count; managers and accountants verify one deposit or the selected ones at once.
 */
export function DepositsListPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useDepositColumns();
  const title = t('resources.deposits.name');
  const canReport = access.can('deposits.create');
  const canVerify = access.can('deposits.verify');
  const canAudit = access.can('audit-log.read');

  const [selected, setSelected] = useState<Deposit[]>([]);
  const [reporting, setReporting] = useState<Deposit | null>(null);
  const [verifying, setVerifying] = useState<Verification | null>(null);
  const [history, setHistory] = useState<Deposit | null>(null);

  const rowActions = (d: Deposit) => (
    <>
      {d.status !== 'verified' && canReport && (
        <RowTooltip label={t(k('report.action'), { name: depositLabel(d) })}>
          <ActionIcon variant="subtle" aria-label={t(k('report.action'), { name: depositLabel(d) })} onClick={() => setReporting(d)}>
            <IconCalculator size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      )}
      {canVerify && d.status === 'pending_verification' && (
        <RowTooltip label={t(k('verify.action'), { name: depositLabel(d) })}>
          <ActionIcon
            variant="subtle"
            color="teal.9"
            aria-label={t(k('verify.action'), { name: depositLabel(d) })}
            onClick={() => setVerifying({ deposits: [d], single: true })}
          >
            <IconCircleCheck size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      )}
      {canAudit && (
        <RowTooltip label={t('resources.audit-log.historyOf', { name: depositLabel(d) })}>
          <ActionIcon
            variant="subtle"
            aria-label={t('resources.audit-log.historyOf', { name: depositLabel(d) })}
            onClick={() => setHistory(d)}
          >
            <IconHistory size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      )}
    </>
  );

  const toolbar = (
    <>
      <StatusQuickFilter />
      {canVerify && (
        <Group gap="xs" wrap="nowrap">
          <Button
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={selected.length === 0}
            onClick={() => setVerifying({ deposits: selected, single: false })}
          >
            {t(k('verify.selected'))}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {selected.length > 0 && t(k('verify.selectedCount'), { count: selected.length })}
          </Text>
        </Group>
      )}
    </>
  );

  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'))} />
      <DataTable
        api={depositsListSource}
        columns={columns}
        filters={filters}
        title={title}
        storageId={wide ? 'deposits-all' : 'deposits'}
        rowActions={canReport || canVerify || canAudit ? rowActions : undefined}
        toolbar={toolbar}
        selectable={canVerify ? (d) => d.status === 'pending_verification' : undefined}
        onSelectionChange={setSelected}
        selectLabel={(d) => t(k('selectRow'), { name: depositLabel(d) })}
      />
      <DepositReportModal deposit={reporting} onClose={() => setReporting(null)} />
      <VerifyDepositsModal verification={verifying} onClose={() => setVerifying(null)} />
      <AuditHistoryDrawer
        record={history && { resource: 'deposits', id: history.id, title: depositLabel(history) }}
        onClose={() => setHistory(null)}
      />
    </>
  );
}
