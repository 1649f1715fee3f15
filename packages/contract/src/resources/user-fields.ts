/**
 * The users' fields without zod (docs/architecture.md "A field, described once"); the schemas are in
 * `users.ts`.
 */
import { describeFields } from '../fields.ts';

/**
 * The users' fields: their labels, the user lists' columns and their filters. The role is the first
 * of the user's roles, worded by the app's own texts (`roles.*`, the menu's and the form's too), and
 * the state a badge: both drawn by the web's user list. Users have no list file.
 */
export const userFieldsDescription = describeFields('users', {
  name: { label: { en: 'Name', hr: 'Ime' }, kind: 'text', column: { sort: true }, filter: 'partial' },
  surname: { label: { en: 'Surname', hr: 'Prezime' }, kind: 'text', column: { sort: true }, filter: 'partial' },
  // Matched whole, ignoring case: a partial address finds nobody.
  email: { label: { en: 'E-mail', hr: 'E-mail' }, kind: 'text', column: { sort: true }, filter: 'iexact' },
  phone: { label: { en: 'Phone', hr: 'Telefon' }, kind: 'text', column: {} },
  oib: { label: { en: 'OIB', hr: 'OIB' }, kind: 'text' },
  role: { label: { en: 'Role', hr: 'Uloga' }, kind: 'text', column: {}, filter: 'exact' },
  // The form's field and the All Companies view's filter (its column is the table's, after the role).
  company: { label: { en: 'Company', hr: 'Tvrtka' }, kind: 'text', filter: 'exact' },
  active: { label: { en: 'Active', hr: 'Aktivan' }, kind: 'flag', column: {}, filter: 'boolean' },
  createdAt: { label: { en: 'Created', hr: 'Stvoren' }, kind: 'instant', column: { sort: true, hidden: true, day: true } },
  // The form's.
  password: { label: { en: 'Initial password', hr: 'Početna lozinka' }, kind: 'text' },
  newPassword: { label: { en: 'New password', hr: 'Nova lozinka' }, kind: 'text' },
  // The alarm settings screen's, and the audit trail's name for a change of them.
  alarmPreferences: { label: { en: 'My alarms', hr: 'Moji alarmi' }, kind: 'text' },
});
