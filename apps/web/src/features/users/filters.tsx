import { roles, userFieldsDescription } from '@kovanica/contract';
import { describedFilters } from '../../components/data-table/index.ts';

/**
 * The filters of the user lists, as the contract describes them; the table adds the company filter in
 * the All Companies view. The API matches e-mails whole (ignoring case), typed in a text box; the role
 * is chosen among the app's roles.
 */
export const userFilters = describedFilters(userFieldsDescription, {
  email: { text: true },
  role: { options: roles.map((role) => ({ value: role, label: `roles.${role}` })) },
});
