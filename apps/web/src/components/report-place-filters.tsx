import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { companiesApi } from '../lib/apis/companies.ts';
import { devicesApi } from '../lib/apis/devices.ts';
import { lessorsApi } from '../lib/apis/lessors.ts';
import { locationsApi } from '../lib/apis/locations.ts';
import type { View } from '../lib/view.ts';
import { referenceName } from './data-table/use-export.ts';
import { ReferenceSelect } from './reference-select.tsx';

/** The places a report is narrowed to, as IRIs (`/api/v2/locations/3`); the company only in the All Companies view. */
export interface ReportPlaces {
  company?: string;
  lessor?: string;
  location?: string;
  device?: string;
}

export type ReportPlaceFilter = 'lessor' | 'location' | 'device';

interface ReportPlaceFiltersProps {
  view: View;
  /** The pickers after the company's, in this order: a lessor, a location, a device. */
  filters: readonly ReportPlaceFilter[];
  value: ReportPlaces;
  /** One picker changed (undefined: cleared). */
  onChange: (patch: ReportPlaces) => void;
}

/**
 * The places a report is narrowed to in words, for the lines of what its file holds (decision 0042):
 * each picker's label and the name of what it points at (`Location`, `Riva — caffe bar`).
 */
export async function reportPlaceScope(
  view: View,
  filters: readonly ReportPlaceFilter[],
  value: ReportPlaces,
  t: TFunction,
): Promise<{ label: string; value: string }[]> {
  const picked: [string, string | undefined][] = [
    [t('dataTable.company'), view === 'all' ? value.company : undefined],
    ...filters.map((f): [string, string | undefined] => [t(`resources.finance.subjects.${f}`), value[f]]),
  ];
  return Promise.all(
    picked.filter((p): p is [string, string] => Boolean(p[1])).map(async ([label, iri]) => ({ label, value: await referenceName(iri) })),
  );
}

/**
 * A report's place pickers (finance, token and logistic reports): the company in the All Companies view,
 * then those of `filters`. Each offers what the ones before it leave: a lessor's locations, a
 * location's devices. Meant for the report's grid of filters, beside its range.
 */
export function ReportPlaceFilters({ view, filters, value, onChange }: ReportPlaceFiltersProps) {
  const { t } = useTranslation();
  const company = view === 'all' ? value.company : undefined;
  const scope = (extra: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries({ company, ...extra }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const common = { placeholder: t('dataTable.any'), clearable: true };
  return (
    <>
      {view === 'all' && (
        <ReferenceSelect
          api={companiesApi}
          view="all"
          label={t('dataTable.company')}
          {...common}
          value={value.company ?? null}
          onChange={(v) => onChange({ company: v ?? undefined })}
        />
      )}
      {filters.includes('lessor') && (
        <ReferenceSelect
          api={lessorsApi}
          baseQuery={scope({})}
          label={t('resources.finance.subjects.lessor')}
          {...common}
          value={value.lessor ?? null}
          onChange={(v) => onChange({ lessor: v ?? undefined })}
        />
      )}
      {filters.includes('location') && (
        <ReferenceSelect
          api={locationsApi}
          baseQuery={scope({ lessor: value.lessor })}
          label={t('resources.finance.subjects.location')}
          {...common}
          value={value.location ?? null}
          onChange={(v) => onChange({ location: v ?? undefined })}
        />
      )}
      {filters.includes('device') && (
        <ReferenceSelect
          api={devicesApi}
          baseQuery={scope({ location: value.location })}
          label={t('resources.finance.subjects.device')}
          {...common}
          value={value.device ?? null}
          onChange={(v) => onChange({ device: v ?? undefined })}
        />
      )}
    </>
  );
}
