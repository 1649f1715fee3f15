import { formatDate, formatDateTime, type User } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge, dash } from '../../components/data-table/cells.tsx';
import type { Column } from '../../components/data-table/index.ts';

const f = (field: string) => `resources.users.fields.${field}`;

/**
 * The columns of the user lists (the table adds the company column, after the role, in the All
 * Companies view). Export texts follow the user's language, like the screen.
 */
export function useUserColumns(): Column<User>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const role = (user: User) => t(`roles.${user.roles[0] ?? 'none'}`);
    const status = (user: User) => t(user.active ? 'resources.users.statusActive' : 'resources.users.statusInactive');
    return [
      { key: 'name', label: f('name'), sortField: 'name', render: (u) => u.name, exportValue: (u) => u.name },
      { key: 'surname', label: f('surname'), sortField: 'surname', render: (u) => u.surname, exportValue: (u) => u.surname },
      { key: 'email', label: f('email'), sortField: 'email', render: (u) => u.email, exportValue: (u) => u.email },
      {
        key: 'phone',
        label: f('phone'),
        render: (u) => u.phone ?? dash,
        exportValue: (u) => u.phone,
      },
      {
        key: 'role',
        label: f('role'),
        render: role,
        exportValue: role,
      },
      {
        key: 'active',
        label: f('active'),
        render: (u) => (
          <CellBadge variant="dot" color={u.active ? 'teal.9' : 'gray.7'}>
            {status(u)}
          </CellBadge>
        ),
        exportValue: status,
      },
      {
        key: 'createdAt',
        label: f('createdAt'),
        sortField: 'createdAt',
        defaultHidden: true,
        render: (u) => formatDate(u.createdAt),
        exportValue: (u) => formatDateTime(u.createdAt),
      },
    ] satisfies Column<User>[];
  }, [t]);
}
