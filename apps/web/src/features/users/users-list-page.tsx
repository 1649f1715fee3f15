import type { User } from '@kovanica/contract';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { useSession } from '../../lib/session.ts';
import { fullName, type UsersScope, usersApi, usersPaths } from './api.ts';
import { useUserColumns } from './columns.tsx';
import { userFilters } from './filters.tsx';

/** `/users/list` (the switch's view) and `/users/all/list` (every company). */
export function UsersListPage({ scope }: { scope: UsersScope }) {
  const { t } = useTranslation();
  const access = useAccess();
  const { personalInfo, accountInfo } = useSession();
  const view = scope === 'all' ? 'all' : undefined;
  const columns = useUserColumns();
  const filters = useMemo(() => userFilters(view), [view]);
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
        {access.can('users.update') && (
          <Tooltip label={t('resources.users.editRow', { name })} withinPortal>
            <ActionIcon
              variant="subtle"
              aria-label={t('resources.users.editRow', { name })}
              renderRoot={(props) => <Link {...props} to={paths.edit} params={{ id: String(user.id) }} />}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
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
        filters={filters}
        view={view}
        title={title}
        rowActions={rowActions}
        toolbar={
          access.can('users.create') && (
            <Button component={Link} to={paths.new} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('resources.users.new')}
            </Button>
          )
        }
      />
    </>
  );
}
