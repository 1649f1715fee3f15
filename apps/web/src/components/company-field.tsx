import { companiesApi } from '../lib/apis/companies.ts';
import { useSession } from '../lib/session.ts';
import { viewOf } from '../lib/view.ts';
import { ReferenceSelect } from './reference-select.tsx';

/**
 * The company a new row belongs to, for the All Companies view: a create body may leave `company`
 * out (the server then uses the user's own), but in the wide view the user picks it (docs/rules.md "Tenancy, roles and modules").
 * Start the form with `initialCompany()` so the user's own company is chosen until they change it.
 */
export function useCompanyChoice(): { needed: boolean; initial: string | null } {
  const { accountInfo } = useSession();
  const needed = viewOf(accountInfo) === 'all';
  return { needed, initial: needed ? accountInfo.company_api_endpoint : null };
}

interface CompanyFieldProps {
  label: string;
  value?: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}

/** A required pick of a company from those the All Companies view shows; spread `form.getInputProps('company')`. */
export function CompanyField({ label, value, onChange, error }: CompanyFieldProps) {
  return (
    <ReferenceSelect
      api={companiesApi}
      view="all"
      label={label}
      required
      withAsterisk
      value={value ?? null}
      onChange={onChange}
      error={error}
    />
  );
}
