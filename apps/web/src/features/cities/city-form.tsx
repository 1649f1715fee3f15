import { type City, type CityCreate, cityCreate, cityPatch } from '@kovanica/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Portlet } from '../../components/portlet.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { isApiError } from '../../lib/api.ts';
import { schemaValidator, serverFieldErrors } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useCreateCity, useUpdateCity } from './api.ts';

interface Values {
  name: string;
}

const toBody = (v: Values): CityCreate => ({ name: v.name.trim() });
const valuesOf = (city?: City): Values => ({ name: city?.name ?? '' });

/** The one form of a city, for new and edit. A new city opens its edit page once saved. */
export function CityForm({ city }: { city?: City }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNew = city === undefined;
  const create = useCreateCity();
  const update = useUpdateCity(city?.id ?? 0);
  const saving = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: valuesOf(city),
    validate: schemaValidator<Values>(isNew ? cityCreate : cityPatch, currentLanguage, toBody),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      if (isNew) {
        const saved = await create.mutateAsync(toBody(values));
        form.resetDirty();
        notifications.show({ color: 'teal', message: t('resources.cities.created') });
        void navigate({ to: '/cities/edit/$id', params: { id: String(saved.id) }, ignoreBlocker: true });
      } else {
        const next = valuesOf(await update.mutateAsync(toBody(values)));
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        notifications.show({ color: 'teal', message: t('resources.cities.saved') });
      }
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure((isApiError(error) && error.userMessage) || t('errors.genericText'));
    }
  });

  return (
    <Portlet title={t('resources.cities.formTitle')}>
      <UnsavedChangesGuard dirty={form.isDirty() && !saving} />
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label={t('resources.cities.fields.name')} required withAsterisk autoComplete="off" {...form.getInputProps('name')} />
          <Group>
            <Button type="submit" loading={saving}>
              {isNew ? t('resources.cities.create') : t('resources.cities.save')}
            </Button>
            <Button variant="default" component={Link} to="/cities/list">
              {t('resources.cities.backToList')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Portlet>
  );
}
