import type { User } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { EditRowLink, NewButton } from '../../components/list-actions.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { useSession } from '../../lib/session.ts';
import { fullName, type UsersScope, usersApi, usersPaths } from './api.ts';
import { useUserColumns } from './columns.tsx';
import { userFilters } from './filters.tsx';

/** A user's company reads best beside their role. */
const COMPANY_AFTER_ROLE = { after: 'role' };

/** `/users/list` (the switch's view) and `/users/all/list` (every company). */
export function UsersListPage({ scope }: { scope: UsersScope }) {
  const { t } = useTranslation();
  const access = useAccess();
  const { personalInfo, accountInfo } = useSession();
  const view = scope === 'all' ? 'all' : undefined;
  const columns = useUserColumns();
  const paths = usersPaths[scope];
  const title = t(scope === 'all' ? 'resources.users.allList' : 'resources.users.name');
  const subtitle =
    scope === 'all'
      ? t('resources.users.everyCompany')
      : t('resources.users.inView', { view: t(accountInfo.isTopGun ? 'user.allCompanies' : 'user.myCompany') });

  const rowActions = (user: User) => {
    const name = fullName(user);
    return (
      <>
        {access.can('users.update') && <EditRowLink to={paths.edit} id={user.id} label={t('resources.users.editRow', { name })} />}
        {/* The server refuses deleting oneself; the list does not offer it. */}
        {access.can('users.delete') && user.id !== personalInfo.id && (
          <ConfirmDelete api={usersApi} id={user.id} name={name} successMessage={t('resources.users.deleted')} />
        )}
      </>
    );
  };

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <DataTable
        api={usersApi}
        columns={columns}
        filters={userFilters}
        view={view}
        companyColumn={COMPANY_AFTER_ROLE}
        title={title}
        rowActions={rowActions}
        toolbar={access.can('users.create') && <NewButton to={paths.new}>{t('resources.users.new')}</NewButton>}
      />
    </>
  );
}
