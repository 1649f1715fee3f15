import type { Logger } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { DataTable, type Filter } from '../../components/data-table/index.ts';
import { EditRowLink, NewButton } from '../../components/list-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { devicesApi } from '../../lib/resources.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { loggersApi } from './api.ts';
import { useLoggerColumns } from './columns.tsx';

const f = (field: string) => `resources.loggers.fields.${field}`;

const filters: readonly Filter[] = [
  { field: 'imei', label: f('imei'), kind: 'text' },
  { field: 'serial', label: f('serial'), kind: 'text' },
];

/** `/loggers/list`: the loggers of the view, by IMEI. */
export function LoggersListPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useLoggerColumns();
  const title = t('resources.loggers.name');

  const rowActions = (logger: Logger) => (
    <>
      {can('loggers.update') && (
        <EditRowLink to="/loggers/edit/$id" id={logger.id} label={t('resources.loggers.editRow', { name: logger.imei })} />
      )}
      {can('loggers.delete') && (
        <ConfirmDelete api={loggersApi} id={logger.id} name={logger.imei} successMessage={t('resources.loggers.deleted')} />
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
