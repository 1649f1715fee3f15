import type { Logger, User } from '@kovanica/contract';
import { MultiReferenceSelect, ReferenceSelect } from '../../components/reference-select.tsx';
import { companiesApi } from '../../lib/apis/companies.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { loggersApi } from './api.ts';

/** How the wizard names a logger and a user wherever it shows one. */
export const loggerLabel = (l: Logger) => [l.imei, l.serial].filter(Boolean).join(' · ');
export const userLabel = (u: User) => `${u.name} ${u.surname} (${u.email})`;

interface SingleProps {
  label: string;
  description?: string;
  value?: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}

interface MultiProps {
  label: string;
  description?: string;
  value?: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

const TOP_LEVEL = { isTopGun: true };

/**
 * The parent: only top-level companies may be parents; an admin picks among every company. The
 * company being edited (`self`, its IRI) is not offered as its own parent.
 */
export function ParentCompanySelect({ value, self, ...rest }: SingleProps & { self?: string }) {
  return (
    <ReferenceSelect
      api={companiesApi}
      view="all"
      baseQuery={TOP_LEVEL}
      exclude={self ? [self] : undefined}
      value={value ?? null}
      {...rest}
    />
  );
}

/** Existing loggers of any company, found by IMEI, moved to this company on save. */
export function LoggersMultiSelect({ value, ...rest }: MultiProps) {
  return <MultiReferenceSelect api={loggersApi} view="all" searchField="imei" optionLabel={loggerLabel} value={value ?? []} {...rest} />;
}

/** Existing users of any company, found by surname, moved to this company on save. */
export function UsersMultiSelect({ value, ...rest }: MultiProps) {
  return <MultiReferenceSelect api={usersApi} view="all" searchField="surname" optionLabel={userLabel} value={value ?? []} {...rest} />;
}
