import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { tagsApi } from '../../lib/resources.ts';
import { TagForm } from './tag-form.tsx';

export function TagNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('resources.tags.new')} />
      <TagForm />
    </>
  );
}

export function TagEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: tag } = useSuspenseQuery(tagsApi.detail(id));
  const { can } = useAccess();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t('resources.tags.edit', { name: tag.name })}
        actions={
          can('tags.delete') && (
            <ConfirmDelete
              api={tagsApi}
              id={tag.id}
              name={tag.name}
              variant="button"
              alsoInvalidate={[['locations'], ['devices']]}
              onDeleted={() => void navigate({ to: '/tags/list', ignoreBlocker: true })}
            />
          )
        }
      />
      <TagForm key={tag.id} tag={tag} />
    </>
  );
}
