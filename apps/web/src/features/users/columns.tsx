import { type User, userFieldsDescription } from '@kovanica/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '../../components/data-table/cells.tsx';
import { type Column, describedColumns } from '../../components/data-table/index.ts';

/**
 * The columns of the user lists, as the contract describes them (`userFieldsDescription`), with the
 * cells their kind cannot draw: the role in the app's words, the state a badge. The table adds the
 * company column, after the role, in the All Companies view. Export texts follow the user's language,
 * like the screen.
 */
export function useUserColumns(): Column<User>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const role = (user: User) => t(`roles.${user.roles[0] ?? 'none'}`);
    const status = (user: User) => t(user.active ? 'resources.users.statusActive' : 'resources.users.statusInactive');
    return describedColumns<User>(userFieldsDescription, t, {
      role: { render: role, exportValue: role },
      active: {
        render: (u) => (
          <CellBadge variant="dot" color={u.active ? 'teal.9' : 'gray.7'}>
            {status(u)}
          </CellBadge>
        ),
        exportValue: status,
      },
    });
  }, [t]);
}
