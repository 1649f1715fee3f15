import { type AuditEntry, auditActions, auditedResources, formatDateTime } from '@kovanica/contract';
import { Anchor, Box } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditActionBadge, AuditChangesOnDemand, breakableText } from '../../components/audit-history.tsx';
import { changesText } from '../../components/audit-values.ts';
import { dash } from '../../components/data-table/cells.tsx';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { auditLogApi } from '../../lib/apis/audit-log.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';

const k = (key: string) => `resources.audit-log.${key}`;
const f = (field: string) => k(`fields.${field}`);
const resourceLabel = (resource: string) => [`resources.${resource}.name`, k(`resources.${resource}`)];

/** The record a change was made to, as the list and its file name it: "Lessors #12" ("Najmodavci #12"). */
const recordName = (t: ReturnType<typeof useTranslation>['t'], entry: AuditEntry) =>
  `${t(resourceLabel(entry.resource), { defaultValue: entry.resource })} #${entry.recordId}`;

/** The record a change was made to, linked to its page where it has one (not after its deletion). */
function RecordCell({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const name = recordName(t, entry);
  const params = { id: String(entry.recordId) };
  const link = (
    to: '/bills/$id' | '/locations/edit/$id' | '/lessors/edit/$id' | '/users/edit/$id' | '/companies/edit/$id' | '/loyalty/cards/edit/$id',
  ) => (
    <Anchor inherit renderRoot={(props) => <Link to={to} params={params} {...props} />}>
      {name}
    </Anchor>
  );
  if (entry.action === 'delete') return <>{name}</>;
  switch (entry.resource) {
    case 'bills':
      return link('/bills/$id');
    case 'locations':
      return link('/locations/edit/$id');
    case 'lessors':
      return link('/lessors/edit/$id');
    case 'users':
      return link('/users/edit/$id');
    case 'companies':
      return link('/companies/edit/$id');
    case 'loyalty-cards':
      return link('/loyalty/cards/edit/$id');
    default:
      // Deposits, movements, top-ups and ledger rows have no page of their own: their lists do.
      return <>{name}</>;
  }
}

function useColumns(): Column<AuditEntry>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { key: 'at', label: f('at'), sortField: 'at', render: (e) => formatDateTime(e.at), exportValue: (e) => formatDateTime(e.at) },
      {
        key: 'actor',
        label: f('actor'),
        // An address breaks after its "@" and before a dot, never inside a word.
        render: (e) => breakableText(e.actor),
        exportValue: (e) => e.actor,
      },
      { key: 'record', label: f('record'), render: (e) => <RecordCell entry={e} />, exportValue: (e) => recordName(t, e) },
      {
        key: 'action',
        label: f('action'),
        render: (e) => <AuditActionBadge action={e.action} />,
        exportValue: (e) => t(k(`actions.${e.action}`)),
      },
      {
        key: 'changes',
        label: f('changes'),
        // One line and a button that unfolds the fields. Wide enough to read on a phone too: the table
        // scrolls sideways within its card, not the page.
        render: (e) => (
          <Box miw={300}>
            <AuditChangesOnDemand entry={e} />
          </Box>
        ),
        exportValue: (e) => changesText(t, e),
      },
      { key: 'ip', label: f('ip'), render: (e) => e.ip ?? dash, exportValue: (e) => e.ip, defaultHidden: true },
    ],
    [t],
  );
}

const filters: readonly Filter[] = [
  {
    field: 'resource',
    label: f('resource'),
    kind: 'select',
    options: auditedResources.map((r) => ({ value: r, label: k(`resources.${r}`) })),
  },
  { field: 'recordId', label: f('recordId'), kind: 'text' },
  { field: 'action', label: f('action'), kind: 'select', options: auditActions.map((a) => ({ value: a, label: k(`actions.${a}`) })) },
  { field: 'user', label: f('user'), kind: 'custom', render: (props) => <ReferenceSelect api={usersApi} clearable {...props} /> },
  { field: 'at', label: f('at'), kind: 'date-range' },
];

/** `/audit-log/list`: every recorded change, newest first, filtered in the URL (admins and managers). */
export function AuditLogListPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useColumns();
  const title = t(k('name'));
  return (
    <>
      <PageHeader title={title} subtitle={t(k('subtitle'))} />
      <DataTable
        api={auditLogApi}
        columns={columns}
        filters={filters}
        title={title}
        storageId={wide ? 'audit-log-all' : 'audit-log'}
        companyColumn={{ after: 'at' }}
      />
    </>
  );
}
