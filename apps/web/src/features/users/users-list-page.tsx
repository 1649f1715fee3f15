import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../components/resource-list.tsx';
import { useSession } from '../../lib/session.ts';
import { type UsersScope, usersApis } from './api.ts';
import { useUserColumns } from './columns.tsx';
import { userFilters } from './filters.tsx';

/** A user's company reads best beside their role. */
const COMPANY_AFTER_ROLE = { after: 'role' };

/** `/users/list` (the switch's view) and `/users/all/list` (every company). */
export function UsersListPage({ scope }: { scope: UsersScope }) {
  const { t } = useTranslation();
  const { personalInfo, accountInfo } = useSession();
  const view = scope === 'all' ? 'all' : undefined;
  const columns = useUserColumns();
  const title = t(scope === 'all' ? 'resources.users.allList' : 'resources.users.name');
  const subtitle =
    scope === 'all'
      ? t('resources.users.everyCompany')
      : t('resources.users.inView', { view: t(accountInfo.isTopGun ? 'user.allCompanies' : 'user.myCompany') });

  // The server refuses deleting oneself; the list does not offer it.
  return (
    <ResourceList
      api={usersApis[scope]}
      title={title}
      subtitle={subtitle}
      columns={columns}
      filters={userFilters}
      view={view}
      companyColumn={COMPANY_AFTER_ROLE}
      deletable={(user) => user.id !== personalInfo.id}
    />
  );
}

export const UsersListView = () => <UsersListPage scope="view" />;
export const UsersListAll = () => <UsersListPage scope="all" />;
