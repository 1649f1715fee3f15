import type { TFunction } from 'i18next';
import { referenceName } from '../../components/data-table/index.ts';

/**
 * The revenue reports' filters in words, for the lines of what their files hold (decision 0042): the
 * location and the device by name, as their pickers label them.
 */
export async function revenuePlaces(t: TFunction, search: { location?: string; device?: string }) {
  const picked: [string, string | undefined][] = [
    [t('resources.revenue.fields.location'), search.location],
    [t('resources.revenue.fields.device'), search.device],
  ];
  return Promise.all(
    picked.filter((p): p is [string, string] => Boolean(p[1])).map(async ([label, iri]) => ({ label, value: await referenceName(iri) })),
  );
}
