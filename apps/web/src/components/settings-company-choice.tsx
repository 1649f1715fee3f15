import { iri, parseIri } from '@kovanica/contract';
import { useTranslation } from 'react-i18next';
import { companiesApi } from '../lib/apis/companies.ts';
import { ReferenceSelect } from './reference-select.tsx';

/**
 * Whose settings a settings screen shows, in the All Companies view (`/settings/main`,
 * `/alarms/settings`): any company of the view, kept in the address as `?company=<id>` by `onChoose`.
 */
export function SettingsCompanyChoice({ companyId, onChoose }: { companyId: number; onChoose: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <ReferenceSelect
      api={companiesApi}
      view="all"
      clearable={false}
      label={t('settings.company')}
      maw={420}
      value={iri('companies', companyId)}
      onChange={(value) => {
        const id = value ? parseIri('companies', value) : null;
        if (id !== null) onChoose(id);
      }}
    />
  );
}
