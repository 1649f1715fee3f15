import { type City, type CityCreate, cityCreate, cityPatch } from '@kovanica/contract';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useResourceForm } from '../../lib/forms.ts';
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
  const { form, submit, failure, saving, unsaved, isNew } = useResourceForm({
    item: city,
    valuesOf,
    create: { schema: cityCreate, toInput: toBody, mutation: useCreateCity() },
    update: { schema: cityPatch, toInput: toBody, mutation: useUpdateCity(city?.id ?? 0) },
    messages: { created: t('resources.cities.created'), saved: t('resources.cities.saved') },
    onCreated: (saved) => void navigate({ to: '/cities/edit/$id', params: { id: String(saved.id) }, ignoreBlocker: true }),
  });

  return (
    <Portlet title={t('resources.cities.formTitle')}>
      <UnsavedChangesGuard dirty={unsaved} />
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          {failure && <FailureAlert>{failure}</FailureAlert>}
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
