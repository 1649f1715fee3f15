import { loggerFieldsDescription } from '@kovanica/contract';
import { describedFilters } from '../../components/data-table/index.ts';
import { ResourceList } from '../../components/resource-list.tsx';
import { loggersApi } from '../../lib/apis/loggers.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { useLoggerColumns } from './columns.tsx';

/** The filters of the logger list: the IMEI and the serial number, each a part of it. */
const filters = describedFilters(loggerFieldsDescription);

/** `/loggers/list`: the loggers of the view, by IMEI. */
export function LoggersListPage() {
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useLoggerColumns();
  return <ResourceList api={loggersApi} columns={columns} filters={filters} storageId={wide ? 'loggers-all' : 'loggers'} />;
}
