import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { lessorsApi } from '../../lib/resources.ts';
import { ContractBadge } from './contract-badge.tsx';
import { LessorForm } from './lessor-form.tsx';

export function LessorNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('resources.lessors.new')} />
      <LessorForm />
    </>
  );
}

export function LessorEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: lessor } = useSuspenseQuery(lessorsApi.detail(id));
  const { can } = useAccess();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t('resources.lessors.edit', { name: lessor.name })}
        subtitle={<ContractBadge state={lessor.contractState} />}
        actions={
          can('lessors.delete') && (
            <ConfirmDelete
              api={lessorsApi}
              id={lessor.id}
              name={lessor.name}
              variant="button"
              onDeleted={() => void navigate({ to: '/lessors/list', ignoreBlocker: true })}
            />
          )
        }
      />
      <LessorForm key={lessor.id} lessor={lessor} />
    </>
  );
}
