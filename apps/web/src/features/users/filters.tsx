import { roles } from '@kovanica/contract';
import type { Filter } from '../../components/data-table/index.ts';

const f = (field: string) => `resources.users.fields.${field}`;

/** The filters of the user lists; the table adds the company filter in the All Companies view. */
export const userFilters: readonly Filter[] = [
  { field: 'name', label: f('name'), kind: 'text' },
  { field: 'surname', label: f('surname'), kind: 'text' },
  // The API matches e-mails whole (ignoring case): a partial address finds nobody.
  { field: 'email', label: f('email'), kind: 'text' },
  { field: 'role', label: f('role'), kind: 'select', options: roles.map((role) => ({ value: role, label: `roles.${role}` })) },
  { field: 'active', label: f('active'), kind: 'boolean' },
];
