import { BILL_NUMBER_PATTERN, PREMISES_PATTERN } from '@kovanica/contract';
import type { Query } from '../../lib/api.ts';
import { type ListSearch, toApiQuery } from '../../lib/list-state.ts';

/** The advanced filter's form: every filter of the bills collection, amounts in cents, days as `yyyy-MM-dd`. */
export interface AdvancedFilter {
  number: string;
  jir: string;
  zki: string;
  device: string | null;
  location: string | null;
  premises: string;
  payment: string | null;
  kind: string | null;
  status: string | null;
  amountFrom: number | null;
  amountTo: number | null;
  from: string;
  to: string;
}

/** The form's fields by their URL (and API) parameter. */
const PARAMS = {
  number: 'number',
  jir: 'jir',
  zki: 'zki',
  device: 'device',
  location: 'location',
  premises: 'premises',
  payment: 'payment',
  kind: 'kind',
  status: 'status',
  amountFrom: 'totalCents[gte]',
  amountTo: 'totalCents[lte]',
  from: 'issuedAt[after]',
  to: 'issuedAt[before]',
} as const satisfies Record<keyof AdvancedFilter, string>;

const fields = Object.keys(PARAMS) as (keyof AdvancedFilter)[];
const CENTS = new Set<keyof AdvancedFilter>(['amountFrom', 'amountTo']);
const NULLABLE = new Set<keyof AdvancedFilter>(['device', 'location', 'payment', 'kind', 'status', ...CENTS]);

/** A bill's number as printed (`12/PP01/3`, an ISU of up to 20 digits) or its sequence alone (`12`), as the API's `number` filter takes it. */
export const BILL_NUMBER = BILL_NUMBER_PATTERN;
/** A JIR is a UUID; a ZKI 32 hex digits. Both are matched exactly, so a part of one finds nothing. */
export const JIR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ZKI = /^[0-9a-f]{32}$/;

export const emptyFilter = (): AdvancedFilter => ({
  number: '',
  jir: '',
  zki: '',
  device: null,
  location: null,
  premises: '',
  payment: null,
  kind: null,
  status: null,
  amountFrom: null,
  amountTo: null,
  from: '',
  to: '',
});

/** The form as the URL says it (a reload, Back or a shared link fills it in again). */
export function filterOf(search: ListSearch): AdvancedFilter {
  const form = emptyFilter();
  for (const field of fields) {
    const value = search[PARAMS[field]];
    if (value === undefined || typeof value === 'boolean') continue;
    if (CENTS.has(field)) {
      const cents = Number(value);
      if (Number.isSafeInteger(cents)) Object.assign(form, { [field]: cents });
    } else {
      Object.assign(form, { [field]: String(value) });
    }
  }
  return form;
}

/**
 * The form's filled-in fields as URL parameters (texts trimmed, codes in lower case); the order, the
 * page size and the All Companies view's company filter (the table's own) stay.
 */
export function searchOf(form: AdvancedFilter, current: ListSearch = {}): ListSearch {
  const search: ListSearch = { sort: current.sort, dir: current.dir, itemsPerPage: current.itemsPerPage, company: current.company };
  for (const field of fields) {
    const raw = form[field];
    if (raw === null || raw === '') continue;
    const value = typeof raw === 'string' ? (field === 'jir' || field === 'zki' ? raw.trim().toLowerCase() : raw.trim()) : raw;
    if (value !== '') search[PARAMS[field]] = value;
  }
  return search;
}

/** What the form says wrong, by field, as i18n keys under `bills.filter.errors`. */
export function filterErrors(form: AdvancedFilter): Partial<Record<keyof AdvancedFilter, string>> {
  const errors: Partial<Record<keyof AdvancedFilter, string>> = {};
  if (form.number.trim() && !BILL_NUMBER.test(form.number.trim())) errors.number = 'number';
  if (form.jir.trim() && !JIR.test(form.jir.trim().toLowerCase())) errors.jir = 'jir';
  if (form.zki.trim() && !ZKI.test(form.zki.trim().toLowerCase())) errors.zki = 'zki';
  if (form.premises.trim() && !PREMISES_PATTERN.test(form.premises.trim())) errors.premises = 'premises';
  if (form.amountFrom !== null && form.amountTo !== null && form.amountTo < form.amountFrom) errors.amountTo = 'amountRange';
  if (form.from && form.to && form.to < form.from) errors.to = 'dayRange';
  return errors;
}

/** How many of the form's filters are set (the page says "3 filters applied"). */
export const appliedCount = (search: ListSearch) => fields.filter((field) => search[PARAMS[field]] !== undefined).length;

/**
 * The API query of the filters in the URL, for the table's fixed query: days become instants of
 * Zagreb days, as in every list; paging and order are the table's own.
 */
export function appliedQuery(search: ListSearch): Query {
  const only: ListSearch = {};
  for (const field of fields) {
    const value = search[PARAMS[field]];
    if (value !== undefined && !(NULLABLE.has(field) && value === '')) only[PARAMS[field]] = value;
  }
  const { page: _page, itemsPerPage: _size, ...query } = toApiQuery(only);
  return query;
}
