import { type User, userPatch, validationMessage } from '@kovanica/contract';
import { Avatar, Button, Flex, Group, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { OibInput } from '../../components/oib-input.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { UserPhoto } from '../../components/user-photo.tsx';
import { companiesApi } from '../../lib/apis/companies.ts';
import { type FieldErrors, schemaValidator, serverFieldErrors, useResourceForm } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { DEFAULT_PHOTO, useSession } from '../../lib/session.ts';
import { meQuery, useChangePassword, useUpdateMe } from './api.ts';
import classes from './profile-overview-page.module.css';

const personalSchema = userPatch.pick({ name: true, surname: true, phone: true, oib: true });

interface PersonalValues {
  name: string;
  surname: string;
  phone: string;
  /** The operator OIB of the bills one issues by hand (manual bills, stornos). */
  oib: string;
}

const toPersonalPatch = (v: PersonalValues) => ({
  name: v.name,
  surname: v.surname,
  phone: v.phone.trim() === '' ? null : v.phone,
  oib: v.oib.trim() === '' ? null : v.oib.trim(),
});
const personalValuesOf = (user: User): PersonalValues => ({
  name: user.name,
  surname: user.surname,
  phone: user.phone ?? '',
  oib: user.oib ?? '',
});

export function ProfileOverviewPage() {
  const { t } = useTranslation();
  const { personalInfo, accountInfo } = useSession();
  const me = useQuery({ ...meQuery(personalInfo.email ?? ''), enabled: personalInfo.email !== null });
  const company = useQuery({ ...companiesApi.detail(accountInfo.company_id ?? 0), enabled: accountInfo.company_id !== null });
  const user = me.data?.member[0];
  const [dirty, setDirty] = useState({ personal: false, password: false });
  const personalDirty = useCallback((d: boolean) => setDirty((s) => (s.personal === d ? s : { ...s, personal: d })), []);
  const passwordDirty = useCallback((d: boolean) => setDirty((s) => (s.password === d ? s : { ...s, password: d })), []);

  const fullName = [personalInfo.name, personalInfo.surname].filter(Boolean).join(' ');
  const rows: [string, string | null | undefined][] = [
    [t('profile.email'), user?.email ?? personalInfo.email],
    [t('profile.phone'), user ? user.phone : personalInfo.phone],
    [t('profile.oib'), user?.oib],
    [t('profile.role'), t(`roles.${accountInfo.role ?? 'none'}`)],
    [t('profile.company'), company.data?.name],
  ];

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <UnsavedChangesGuard dirty={dirty.personal || dirty.password} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Portlet title={t('profile.personalInfo')}>
          <Flex direction={{ base: 'column', xs: 'row' }} align="flex-start" gap="lg">
            {personalInfo.id !== null ? (
              <UserPhoto userId={personalInfo.id} photo={personalInfo.photo} fullName={fullName} />
            ) : (
              <Avatar src={personalInfo.photo || DEFAULT_PHOTO} alt={t('user.photoAlt', { name: fullName })} size={96} radius="md" />
            )}
            <Stack gap={4} className={classes.info}>
              <Text fw={700} size="xl">
                {fullName}
              </Text>
              <dl className={classes.list}>
                {rows.map(([label, value]) => (
                  <div key={label} className={classes.row}>
                    <dt>{label}</dt>
                    <dd>
                      {value || (
                        <Text span c="dimmed">
                          {t('profile.notSet')}
                        </Text>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </Stack>
          </Flex>
        </Portlet>
        <Stack gap="lg">
          <Portlet title={t('profile.editTitle')}>
            {user ? (
              <PersonalForm user={user} onDirtyChange={personalDirty} />
            ) : me.isError ? (
              <FailureAlert error={me.error} />
            ) : (
              <Skeleton height={200} />
            )}
          </Portlet>
          <Portlet title={t('profile.passwordTitle')}>
            {personalInfo.id !== null && personalInfo.email !== null && (
              <PasswordForm userId={personalInfo.id} email={personalInfo.email} onDirtyChange={passwordDirty} />
            )}
          </Portlet>
        </Stack>
      </SimpleGrid>
    </>
  );
}

function PersonalForm({ user, onDirtyChange }: { user: User; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const { form, submit, failure, saving } = useResourceForm({
    item: user,
    valuesOf: personalValuesOf,
    update: { schema: personalSchema, toInput: toPersonalPatch, mutation: useUpdateMe(user.id) },
    messages: { saved: t('profile.saved') },
  });

  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <FailureAlert>{failure}</FailureAlert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('profile.name')} required withAsterisk autoComplete="given-name" {...form.getInputProps('name')} />
          <TextInput label={t('profile.surname')} required withAsterisk autoComplete="family-name" {...form.getInputProps('surname')} />
        </SimpleGrid>
        <TextInput label={t('profile.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        <OibInput label={t('profile.oib')} description={t('profile.oibHint')} {...form.getInputProps('oib')} />
        <Group>
          <Button type="submit" loading={saving}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface PasswordValues {
  current: string;
  password: string;
  confirm: string;
}

const passwordSchema = userPatch.pick({ password: true });

function PasswordForm({ userId, email, onDirtyChange }: { userId: number; email: string; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const change = useChangePassword(userId, email);
  const [failure, setFailure] = useState<string | null>(null);
  const validateNew = schemaValidator<PasswordValues>(passwordSchema, currentLanguage, (v) => ({ password: v.password }));
  const form = useForm<PasswordValues>({
    initialValues: { current: '', password: '', confirm: '' },
    validate: (values): FieldErrors => {
      const lang = currentLanguage();
      if (values.current === '') return { current: validationMessage(lang, 'required') };
      if (values.password === '') return { password: validationMessage(lang, 'required') };
      const errors = validateNew(values);
      if (values.confirm !== values.password) errors.confirm = t('profile.passwordMismatch');
      return errors;
    },
  });

  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await change.mutateAsync({ password: values.password, currentPassword: values.current });
      form.reset();
      notifications.show({ color: 'teal', message: t('profile.passwordSaved') });
    } catch (error) {
      const { currentPassword, ...fieldErrors } = serverFieldErrors(error);
      if (currentPassword) fieldErrors.current = currentPassword;
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(failureText(error, t('errors.genericText')));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <FailureAlert>{failure}</FailureAlert>}
        <PasswordInput
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          required
          withAsterisk
          {...form.getInputProps('current')}
        />
        <PasswordInput
          label={t('profile.newPassword')}
          description={t('profile.newPasswordHint')}
          autoComplete="new-password"
          required
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('profile.confirmPassword')}
          autoComplete="new-password"
          required
          withAsterisk
          {...form.getInputProps('confirm')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('profile.passwordSave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
