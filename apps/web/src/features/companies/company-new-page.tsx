import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { CompanyWizard } from './company-wizard.tsx';

/** `/companies/new`: the four-step wizard, creating the company with its loggers and users. */
export function CompanyNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('resources.companies.pages.newTitle')} />
      <Card withBorder shadow="xs" padding="lg">
        <CompanyWizard />
      </Card>
    </>
  );
}
