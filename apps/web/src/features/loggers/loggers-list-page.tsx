import type { Logger } from '@kovanica/contract';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { DataTable, type Filter } from '../../components/data-table/index.ts';
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
        <Tooltip label={t('resources.loggers.editRow', { name: logger.imei })} withinPortal>
          <ActionIcon
            // renderRoot keeps the link's route and params type-checked, which `component={Link}` loses.
            renderRoot={(props) => <Link to="/loggers/edit/$id" params={{ id: String(logger.id) }} {...props} />}
            variant="subtle"
            aria-label={t('resources.loggers.editRow', { name: logger.imei })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
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
        toolbar={
          can('loggers.create') && (
            <Button component={Link} to="/loggers/new" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('resources.loggers.new')}
            </Button>
          )
        }
      />
    </>
  );
}
