import { type Repository, type RepositoryType, repositoryCreate, repositoryPatch, repositoryTypes, type User } from '@kovanica/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { FormCard } from '../../components/resource-pages.tsx';
import { useAccess } from '../../lib/access.ts';
import { repositoriesApi } from '../../lib/apis/repositories.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { useSession } from '../../lib/session.ts';

const k = (key: string) => `resources.repositories.${key}`;

interface Values {
  company: string | null;
  type: RepositoryType | null;
  name: string;
  responsibleWorker: string | null;
  address: string;
}

const valuesOf = (repository?: Repository): Values => ({
  company: repository?.company ?? null,
  type: repository?.type ?? 'warehouse',
  name: repository?.name ?? '',
  responsibleWorker: repository?.responsibleWorker ?? null,
  address: repository?.address ?? '',
});

const toPatchInput = (v: Values) => ({
  type: v.type ?? undefined,
  name: v.name,
  responsibleWorker: v.responsibleWorker,
  address: v.address.trim() === '' ? null : v.address.trim(),
});
// The company is named only when picked (All Companies view); left out, the server uses the user's own.
const toCreateInput = (v: Values) => ({ ...toPatchInput(v), ...(v.company ? { company: v.company } : {}) });

const userLabel = (u: User) => `${u.name} ${u.surname}`;

/** The one form of a repository (a warehouse or a van), for new and edit. */
export function RepositoryForm({ item: repository }: { item?: Repository }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { accountInfo } = useSession();
  const companyChoice = useCompanyChoice();
  const resourceForm = useItemForm(repositoriesApi, {
    item: repository,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: repositoryCreate, toInput: toCreateInput },
    update: { schema: repositoryPatch, toInput: toPatchInput },
  });
  const { form, isNew, readOnly } = resourceForm;
  const values = form.getValues();
  // The responsible worker is a user of the repository's company.
  const company = repository?.company ?? values.company ?? accountInfo.company_api_endpoint;

  return (
    <FormCard api={repositoriesApi} form={resourceForm} maw={800}>
      {isNew && companyChoice.needed && <CompanyField label={t(k('fields.company'))} {...form.getInputProps('company')} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t(k('fields.type'))}
          required
          withAsterisk
          allowDeselect={false}
          data={repositoryTypes.map((type) => ({ value: type, label: t(k(`types.${type}`)) }))}
          {...form.getInputProps('type')}
        />
        <TextInput label={t(k('fields.name'))} required withAsterisk maxLength={120} autoComplete="off" {...form.getInputProps('name')} />
        {/* Who reads no users (a worker, an accountant) sees the name; the form is read-only for them anyway. */}
        {can('users.read') && !readOnly ? (
          <ReferenceSelect
            api={usersApi}
            label={t(k('fields.responsibleWorker'))}
            searchField="surname"
            optionLabel={userLabel}
            baseQuery={company ? { company } : undefined}
            clearable
            {...form.getInputProps('responsibleWorker')}
            value={values.responsibleWorker}
          />
        ) : (
          <TextInput label={t(k('fields.responsibleWorker'))} value={repository?.responsibleWorkerName ?? ''} readOnly />
        )}
        <TextInput label={t(k('fields.address'))} maxLength={300} autoComplete="off" {...form.getInputProps('address')} />
      </SimpleGrid>
    </FormCard>
  );
}
