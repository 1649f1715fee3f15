import { type Role, roles, type User, type UserPatch, userCreate, userPatch } from '@kovanica/contract';
import { Anchor, Button, Group, PasswordInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useLockedFields } from '../../lib/access.ts';
import { type FieldErrors, useResourceForm } from '../../lib/forms.ts';
import { companiesApi } from '../../lib/resources.ts';
import { useSession } from '../../lib/session.ts';
import { fullName, type UsersScope, useCreateUser, usersApi, usersPaths, useUpdateUser } from './api.ts';

interface Values {
  name: string;
  surname: string;
  email: string;
  phone: string;
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
  const navigate = useNavigate();
  const { personalInfo, accountInfo } = useSession();
  const paths = usersPaths[scope];
  const { form, submit, failure, saving, unsaved, isNew } = useResourceForm({
    item: user,
    valuesOf,
    // In the switch's view a new user joins the admin's own company unless they pick another.
    newValues: { company: scope === 'view' ? accountInfo.company_api_endpoint : null },
    create: { schema: userCreate, toInput: toBody, mutation: useCreateUser() },
    update: { schema: userEdit, toInput: toBody, toBody: toPatch, mutation: useUpdateUser(user?.id ?? 0) },
    formErrors: onFormFields,
    messages: { created: t('resources.users.created'), saved: t('resources.users.saved') },
    onCreated: (saved) => void navigate({ to: paths.edit, params: { id: String(saved.id) }, ignoreBlocker: true }),
  });

  const label = (field: string) => t(`resources.users.fields.${field}`);
  // One's own e-mail, role, company and active flag are nobody's to change (contract writeRules);
  // one's own password changes on the profile, with the current one.
  const own = !isNew && user?.id === personalInfo.id;
  const locked = useLockedFields('users', isNew ? 'create' : 'update', own);
  return (
    <Portlet title={t('resources.users.formTitle')}>
      <UnsavedChangesGuard dirty={unsaved} />
      <form onSubmit={submit} noValidate>
        <Stack maw={760}>
          {failure && <FailureAlert>{failure}</FailureAlert>}
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
          <Group justify="space-between">
            <Group>
              <Button type="submit" loading={saving}>
                {isNew ? t('resources.users.create') : t('resources.users.save')}
              </Button>
              <Button variant="default" component={Link} to={paths.list}>
                {t('resources.users.backToList')}
              </Button>
            </Group>
            {user && user.id !== personalInfo.id && (
              <ConfirmDelete
                api={usersApi}
                id={user.id}
                name={fullName(user)}
                variant="button"
                successMessage={t('resources.users.deleted')}
                onDeleted={() => void navigate({ to: paths.list, ignoreBlocker: true })}
              />
            )}
          </Group>
        </Stack>
      </form>
    </Portlet>
  );
}
