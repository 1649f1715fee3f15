import { roles } from '@kovanica/contract';
import type { Filter } from '../../components/data-table/index.ts';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { companiesApi } from '../../lib/resources.ts';
import type { View } from '../../lib/view.ts';

const f = (field: string) => `resources.users.fields.${field}`;

/** The filters of a user list; the company choice offers the companies of the list's own view. */
export function userFilters(view: View | undefined): Filter[] {
  return [
    { field: 'name', label: f('name'), kind: 'text' },
    { field: 'surname', label: f('surname'), kind: 'text' },
    // The API matches e-mails whole (ignoring case): a partial address finds nobody.
    { field: 'email', label: f('email'), kind: 'text' },
    { field: 'role', label: f('role'), kind: 'select', options: roles.map((role) => ({ value: role, label: `roles.${role}` })) },
    { field: 'active', label: f('active'), kind: 'boolean' },
    {
      field: 'company',
      label: f('company'),
      kind: 'custom',
      render: (props) => <ReferenceSelect api={companiesApi} view={view} clearable {...props} />,
    },
  ];
}
