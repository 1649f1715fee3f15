import { type Role, roles, type User, type UserPatch, userCreate, userPatch } from '@kovanica/contract';
import { Anchor, PasswordInput, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { OibInput } from '../../components/oib-input.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { FormCard } from '../../components/resource-pages.tsx';
import { UserPhoto } from '../../components/user-photo.tsx';
import { useLockedFields } from '../../lib/access.ts';
import { companiesApi } from '../../lib/apis/companies.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { useSession } from '../../lib/session.ts';
import { fullName, refreshOwnInfo, type UsersScope, usersApis } from './api.ts';

interface Values {
  name: string;
  surname: string;
  email: string;
  phone: string;
  /** The operator OIB of the bills the user issues by hand; empty: none. */
  oib: string;
  /** The form picks one role; the API keeps a list whose first role counts (original §3). */
  role: Role | null;
  company: string | null;
  active: boolean;
  /** The initial password of a new user; on edit, a new one or empty to keep the current. */
  password: string;
}

const valuesOf = (user?: User): Values => ({
  name: user?.name ?? '',
  surname: user?.surname ?? '',
  email: user?.email ?? '',
  phone: user?.phone ?? '',
  oib: user?.oib ?? '',
  role: user?.roles[0] ?? null,
  company: user?.company ?? null,
  active: user?.active ?? true,
  password: '',
});

/** Empty choices and texts that have their own format are left out, so they read "This field is required." */
const toBody = (v: Values) => ({
  email: v.email.trim() || undefined,
  name: v.name,
  surname: v.surname,
  phone: v.phone.trim() === '' ? null : v.phone.trim(),
  oib: v.oib.trim() === '' ? null : v.oib.trim(),
  roles: v.role ? [v.role] : undefined,
  company: v.company ?? undefined,
  active: v.active,
  password: v.password || undefined,
});

/** On edit every field is still required, but the password only when a new one is typed. */
const userEdit = userCreate.extend({ password: userPatch.shape.password });

/** A merge-patch of what changed: unchanged fields stay out (and so never trip the own-role rule). */
function toPatch(v: Values, initial: Values): UserPatch {
  const all = toBody(v);
  const before = toBody(initial);
  const patch: UserPatch = {};
  if (all.email && all.email !== before.email) patch.email = all.email;
  if (all.name !== before.name) patch.name = all.name;
  if (all.surname !== before.surname) patch.surname = all.surname;
  if (all.phone !== before.phone) patch.phone = all.phone;
  if (all.oib !== before.oib) patch.oib = all.oib;
  if (v.role !== initial.role && all.roles) patch.roles = all.roles;
  if (v.company !== initial.company && all.company) patch.company = all.company;
  if (v.active !== initial.active) patch.active = v.active;
  if (all.password) patch.password = all.password;
  return patch;
}

/** The API names the role field `roles` (and its items `roles.0`); the form shows it on `role`. */
function onFormFields(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path === 'roles' || path.startsWith('roles.') ? 'role' : path;
    out[field] ??= message;
  }
  return out;
}

interface UserFormProps {
  /** The user to edit; absent for a new one. */
  user?: User;
  scope: UsersScope;
}

/** The one form of a user, for new and edit. A new user opens its edit page once saved. */
export function UserForm({ user, scope }: UserFormProps) {
  const { t } = useTranslation();
  const { personalInfo, accountInfo } = useSession();
  const api = usersApis[scope];
  const resourceForm = useItemForm(api, {
    item: user,
    valuesOf,
    // In the switch's view a new user joins the admin's own company unless they pick another.
    newValues: { company: scope === 'view' ? accountInfo.company_api_endpoint : null },
    create: { schema: userCreate, toInput: toBody },
    update: { schema: userEdit, toInput: toBody, toBody: toPatch },
    formErrors: onFormFields,
    onSaved: refreshOwnInfo,
  });
  const { form, isNew } = resourceForm;

  const label = (field: string) => t(`resources.users.fields.${field}`);
  // One's own e-mail, role, company and active flag are nobody's to change (contract writeRules);
  // one's own password changes on the profile, with the current one.
  const own = !isNew && user?.id === personalInfo.id;
  const locked = useLockedFields('users', isNew ? 'create' : 'update', own);
  return (
    <FormCard api={api} form={resourceForm} maw={760}>
      {/* The photo is its own upload (POST /users/{id}/photo), saved at once, apart from the form's fields. */}
      {user && !locked('photo') && <UserPhoto userId={user.id} photo={user.photo} fullName={fullName(user)} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={label('name')} required withAsterisk autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label={label('surname')} required withAsterisk autoComplete="off" {...form.getInputProps('surname')} />
        <TextInput
          label={label('email')}
          type="email"
          required
          withAsterisk
          autoComplete="off"
          disabled={locked('email')}
          {...form.getInputProps('email')}
        />
        <TextInput label={label('phone')} type="tel" autoComplete="off" {...form.getInputProps('phone')} />
        <OibInput label={label('oib')} description={t('resources.users.oibHint')} disabled={locked('oib')} {...form.getInputProps('oib')} />
        <Select
          label={label('role')}
          required
          withAsterisk
          allowDeselect={false}
          data={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          disabled={locked('roles')}
          {...form.getInputProps('role')}
        />
        <ReferenceSelect
          api={companiesApi}
          view="all"
          label={label('company')}
          required
          withAsterisk
          disabled={locked('company')}
          {...form.getInputProps('company')}
          value={form.values.company}
        />
        {own ? (
          <Text size="sm" c="dimmed" mt={{ sm: 'xl' }}>
            {t('resources.users.ownPasswordHint')}{' '}
            <Anchor component={Link} to="/profile/overview" size="sm" underline="always">
              {t('resources.users.ownPasswordLink')}
            </Anchor>
          </Text>
        ) : (
          <PasswordInput
            label={label(isNew ? 'password' : 'newPassword')}
            description={t(isNew ? 'resources.users.passwordHint' : 'resources.users.newPasswordHint')}
            required={isNew}
            withAsterisk={isNew}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
        )}
        <Switch
          label={label('active')}
          mt={{ sm: 'xl' }}
          disabled={locked('active')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </FormCard>
  );
}
