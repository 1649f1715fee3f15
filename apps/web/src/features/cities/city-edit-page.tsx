import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { citiesApi } from '../../lib/resources.ts';
import { CityForm } from './city-form.tsx';

export function CityNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('resources.cities.new')} />
      <CityForm />
    </>
  );
}

export function CityEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: city } = useSuspenseQuery(citiesApi.detail(id));
  const { can } = useAccess();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t('resources.cities.edit', { name: city.name })}
        actions={
          can('cities.delete') && (
            <ConfirmDelete
              api={citiesApi}
              id={city.id}
              name={city.name}
              variant="button"
              onDeleted={() => void navigate({ to: '/cities/list', ignoreBlocker: true })}
            />
          )
        }
      />
      <CityForm key={city.id} city={city} />
    </>
  );
}
