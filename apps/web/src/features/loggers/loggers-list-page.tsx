import type { Filter } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { loggersApi } from '../../lib/apis/loggers.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { useLoggerColumns } from './columns.tsx';

const f = (field: string) => `resources.loggers.fields.${field}`;

const filters: readonly Filter[] = [
  { field: 'imei', label: f('imei'), kind: 'text' },
  { field: 'serial', label: f('serial'), kind: 'text' },
];

/** `/loggers/list`: the loggers of the view, by IMEI. */
export function LoggersListPage() {
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useLoggerColumns();
  return <ResourceList api={loggersApi} columns={columns} filters={filters} storageId={wide ? 'loggers-all' : 'loggers'} />;
}
