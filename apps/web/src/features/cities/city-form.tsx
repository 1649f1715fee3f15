import { type City, type CityCreate, cityCreate, cityPatch } from '@kovanica/contract';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormCard, formPages } from '../../components/resource-pages.tsx';
import { citiesApi } from '../../lib/apis/cities.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';

interface Values {
  name: string;
}

const toBody = (v: Values): CityCreate => ({ name: v.name.trim() });
const valuesOf = (city?: City): Values => ({ name: city?.name ?? '' });

/** The one form of a city, for new and edit. */
export function CityForm({ item: city }: { item?: City }) {
  const { t } = useTranslation();
  const form = useItemForm(citiesApi, {
    item: city,
    valuesOf,
    create: { schema: cityCreate, toInput: toBody },
    update: { schema: cityPatch, toInput: toBody },
  });
  return (
    <FormCard api={citiesApi} form={form}>
      <TextInput label={t('resources.cities.fields.name')} required withAsterisk autoComplete="off" {...form.form.getInputProps('name')} />
    </FormCard>
  );
}

export const cityPages = formPages(citiesApi, CityForm);
