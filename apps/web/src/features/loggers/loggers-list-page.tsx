import type { Logger } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { DataTable, type Filter } from '../../components/data-table/index.ts';
import { EditRowLink, NewButton } from '../../components/list-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { useAccess } from '../../lib/access.ts';
import { companiesApi, devicesApi } from '../../lib/resources.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { loggersApi } from './api.ts';
import { useLoggerColumns } from './columns.tsx';

const f = (field: string) => `resources.loggers.fields.${field}`;

/** `/loggers/list`: the loggers of the view, by IMEI. */
export function LoggersListPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useLoggerColumns(wide);
  const filters = useMemo<Filter[]>(
    () => [
      { field: 'imei', label: f('imei'), kind: 'text' },
      { field: 'serial', label: f('serial'), kind: 'text' },
      ...(wide
        ? [
            {
              field: 'company',
              label: f('company'),
              kind: 'custom',
              render: (props) => <ReferenceSelect api={companiesApi} clearable {...props} />,
            } satisfies Filter,
          ]
        : []),
    ],
    [wide],
  );
  const title = t('resources.loggers.name');

  const rowActions = (logger: Logger) => (
    <>
      {can('loggers.update') && (
        <EditRowLink to="/loggers/edit/$id" id={logger.id} label={t('resources.loggers.editRow', { name: logger.imei })} />
      )}
      {can('loggers.delete') && (
        <ConfirmDelete
          api={loggersApi}
          id={logger.id}
          name={logger.imei}
          alsoInvalidate={[devicesApi.keys.all]}
          successMessage={t('resources.loggers.deleted')}
        />
      )}
    </>
  );

  return (
    <>
      <PageHeader title={title} />
      <DataTable
        api={loggersApi}
        columns={columns}
        filters={filters}
        title={title}
        rowActions={can('loggers.update') || can('loggers.delete') ? rowActions : undefined}
        storageId={wide ? 'loggers-all' : 'loggers'}
        toolbar={can('loggers.create') && <NewButton to="/loggers/new">{t('resources.loggers.new')}</NewButton>}
      />
    </>
  );
}
