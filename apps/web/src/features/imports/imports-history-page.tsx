import { formatDateTime, type ImportRecord, importKinds, importStatuses } from '@kovanica/contract';
import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WARNING_COLOUR } from '../../components/data-table/cells.tsx';
import { type Column, DataTable, type Filter } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { importsApi } from '../../lib/apis/imports.ts';

const f = (field: string) => `resources.imports.fields.${field}`;

/** An import's status: done (refused rows or not) or failed, in words and colour. */
export function ImportStatusBadge({ record }: { record: Pick<ImportRecord, 'status' | 'rowsRefused'> }) {
  const { t } = useTranslation();
  const partial = record.status === 'done' && record.rowsRefused > 0;
  // A partial import is a warning (dark text: autoContrast).
  const color = record.status === 'failed' ? 'red.9' : partial ? WARNING_COLOUR : 'teal.9';
  return (
    <Badge color={color} autoContrast variant="filled" tt="none" style={{ minWidth: 'max-content' }}>
      {t(`resources.imports.statuses.${partial ? 'partial' : record.status}`)}
    </Badge>
  );
}

function useImportColumns(): Column<ImportRecord>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'fileName',
        label: f('fileName'),
        sortField: 'fileName',
        render: (r) => (
          <Anchor inherit fw={600} renderRoot={(props) => <Link to="/imports/history/$id" params={{ id: String(r.id) }} {...props} />}>
            {r.fileName}
          </Anchor>
        ),
        exportValue: (r) => r.fileName,
      },
      {
        key: 'kind',
        label: f('kind'),
        sortField: 'kind',
        render: (r) => t(`resources.imports.kinds.${r.kind}`),
        exportValue: (r) => t(`resources.imports.kinds.${r.kind}`),
      },
      { key: 'userName', label: f('user'), render: (r) => r.userName ?? '–', exportValue: (r) => r.userName },
      {
        key: 'createdAt',
        label: f('createdAt'),
        sortField: 'createdAt',
        render: (r) => (
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(r.createdAt)}
          </Text>
        ),
        exportValue: (r) => formatDateTime(r.createdAt),
      },
      {
        key: 'rowsRead',
        label: f('rowsRead'),
        sortField: 'rowsRead',
        align: 'right',
        render: (r) => r.rowsRead,
        exportValue: (r) => r.rowsRead,
      },
      { key: 'rowsWritten', label: f('rowsWritten'), align: 'right', render: (r) => r.rowsWritten, exportValue: (r) => r.rowsWritten },
      {
        key: 'rowsRefused',
        label: f('rowsRefused'),
        sortField: 'rowsRefused',
        align: 'right',
        render: (r) => r.rowsRefused,
        exportValue: (r) => r.rowsRefused,
      },
      {
        key: 'status',
        label: f('status'),
        render: (r) => <ImportStatusBadge record={r} />,
        exportValue: (r) => t(`resources.imports.statuses.${r.status}`),
      },
    ],
    [t],
  );
}

const filters: readonly Filter[] = [
  { field: 'fileName', label: f('fileName'), kind: 'text' },
  {
    field: 'kind',
    label: f('kind'),
    kind: 'select',
    options: importKinds.map((k) => ({ value: k, label: `resources.imports.kinds.${k}` })),
  },
  {
    field: 'status',
    label: f('status'),
    kind: 'select',
    options: importStatuses.map((s) => ({ value: s, label: `resources.imports.statuses.${s}` })),
  },
  { field: 'createdAt', label: f('createdAt'), kind: 'date-range' },
];

/** `/imports/history` : every import of the company, newest first; a row opens its refused rows. */
export function ImportsHistoryPage() {
  const columns = useImportColumns();
  const { t } = useTranslation();
  const { can } = useAccess();
  const title = t('resources.imports.name');
  return (
    <>
      <PageHeader title={title} subtitle={t('imports.historySubtitle')} />
      <DataTable
        api={importsApi}
        columns={columns}
        filters={filters}
        title={title}
        toolbar={
          can('imports.create') && (
            <Button component={Link} to="/imports/new" leftSection={<IconFileImport size={16} aria-hidden />}>
              {t('resources.imports.new')}
            </Button>
          )
        }
      />
    </>
  );
}
