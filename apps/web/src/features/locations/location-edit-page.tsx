import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { locationsApi } from '../../lib/resources.ts';
import { LocationForm } from './location-form.tsx';

export function LocationNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('resources.locations.new')} />
      <LocationForm />
    </>
  );
}

export function LocationEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: location } = useSuspenseQuery(locationsApi.detail(id));
  const { can } = useAccess();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t('resources.locations.edit', { name: location.name })}
        actions={
          can('locations.delete') && (
            <ConfirmDelete
              api={locationsApi}
              id={location.id}
              name={location.name}
              variant="button"
              onDeleted={() => void navigate({ to: '/locations/list', ignoreBlocker: true })}
            />
          )
        }
      />
      <LocationForm key={location.id} location={location} />
    </>
  );
}
