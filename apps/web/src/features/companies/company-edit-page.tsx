import { Card } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { companiesApi, companyLoggersQuery, companyUsersQuery } from './api.ts';
import { CompanyWizard } from './company-wizard.tsx';

/** `/companies/edit/{id}`: the same wizard, over the stored company and what it has now. */
export function CompanyEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: company } = useSuspenseQuery(companiesApi.detail(id));
  const users = useQuery(companyUsersQuery(id));
  const loggers = useQuery(companyLoggersQuery(id));
  return (
    <>
      <PageHeader
        title={t('resources.companies.pages.editTitle')}
        subtitle={t('resources.companies.pages.editSubtitle', { name: company.name, oib: company.oib })}
      />
      <Card withBorder shadow="xs" padding="lg">
        {/* Keyed by id: another company's edit starts a fresh wizard. */}
        <CompanyWizard key={company.id} company={company} currentUsers={users.data?.member} currentLoggers={loggers.data?.member} />
      </Card>
    </>
  );
}
