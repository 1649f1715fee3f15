import { parseIri } from '@kovanica/contract';
import {
  type ComboboxItem,
  Loader,
  MultiSelect,
  type MultiSelectProps,
  type OptionsFilter,
  Select,
  type SelectProps,
  Skeleton,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryClient, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../lib/api.ts';
import { DEFAULT_PAGE_SIZE } from '../lib/list-state.ts';
import type { ResourceApi } from '../lib/resource-api.ts';
import type { View } from '../lib/view.ts';

/** Every item an API collection answers has these. */
interface Item {
  '@id': string;
  id: number;
}

/** Where the options come from; shared by the single and the multi select. */
export interface ReferenceSource<T extends Item> {
  /** The referenced resource (`resourceApi(...)`), e.g. `companiesApi`. */
  api: Pick<ResourceApi<T>, 'name' | 'list' | 'detail'>;
  /** An option's text; the item's `name` by default. */
  optionLabel?: (item: T) => string;
  /** The partial filter typed text is sent as; `name` by default. */
  searchField?: string;
  /** Fixed filters of the options, e.g. `{ active: true }`. */
  baseQuery?: Query;
  /** Offer items of this company view rather than the switch's (admins picking any company: 'all'). */
  view?: View;
  /** IRIs never offered, though the search finds them (a company is not its own parent). */
  exclude?: readonly string[];
}

const SEARCH_DELAY_MS = 300;

function defaultLabel(item: Item): string {
  const name: unknown = Reflect.get(item, 'name');
  return typeof name === 'string' ? name : `#${item.id}`;
}

const idOf = (collection: string, value: string) => parseIri(collection, value);

/** The server has filtered the options already; the browser keeps them all. */
const keepAll: OptionsFilter = ({ options }) => options;

/**
 * The search of a reference select, shared by the single and the multi select: the options page for
 * the typed text (`?name=<typed>&itemsPerPage=30`, debounced, asked for once the dropdown opens)
 * and the select's props that drive it.
 */
function useOptions<T extends Item>(
  source: ReferenceSource<T>,
  selected: T[],
  selectedLabel: string | null,
  onDropdownOpen: (() => void) | undefined,
) {
  const { t } = useTranslation();
  const { api, optionLabel = defaultLabel, searchField = 'name', baseQuery, view, exclude = [] } = source;
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  // While the input shows the chosen item's label, the user has not searched for anything yet.
  const [text] = useDebouncedValue(typed === selectedLabel ? '' : typed, SEARCH_DELAY_MS);
  const page = useQuery({
    ...api.list({ ...baseQuery, [searchField]: text, itemsPerPage: DEFAULT_PAGE_SIZE, [`order[${searchField}]`]: 'asc' }, view),
    placeholderData: keepPreviousData,
    // A form or filter bar with several selects asks for options only when one is opened.
    enabled: opened,
  });
  // The current value may be beyond the first page: it is added from its own detail, so its label shows.
  const byIri = new Map<string, ComboboxItem>();
  const found = (page.data?.member ?? []).filter((item) => !exclude.includes(item['@id']));
  for (const item of [...selected, ...found]) byIri.set(item['@id'], { value: item['@id'], label: optionLabel(item) });
  return {
    loading: page.isFetching,
    props: {
      searchable: true,
      data: [...byIri.values()],
      searchValue: typed,
      onSearchChange: setTyped,
      filter: keepAll,
      onDropdownOpen: () => {
        setOpened(true);
        onDropdownOpen?.();
      },
      nothingFoundMessage: page.isFetching ? t('app.loading') : t('dataTable.empty'),
    },
  };
}

type SelectRest = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'>;

export type ReferenceSelectProps<T extends Item> = ReferenceSource<T> &
  SelectRest & {
    /** The referenced item's IRI, e.g. `/api/v2/companies/3`, or null. */
    value: string | null;
    onChange: (value: string | null) => void;
  };

/**
 * A searchable select of one referenced item: options from the API collection as the user types,
 * value an IRI. The options are filtered by the server, never in the browser.
 */
export function ReferenceSelect<T extends Item>({
  api,
  optionLabel,
  searchField,
  baseQuery,
  view,
  exclude,
  value,
  onChange,
  ...rest
}: ReferenceSelectProps<T>) {
  const id = value ? idOf(api.name, value) : null;
  const current = useQuery({ ...api.detail(id ?? 0), enabled: id !== null });
  const selected = value && current.data ? [current.data] : [];
  const label = selected[0] ? (optionLabel ?? defaultLabel)(selected[0]) : null;
  const options = useOptions({ api, optionLabel, searchField, baseQuery, view, exclude }, selected, label, rest.onDropdownOpen);
  return (
    <Select
      {...rest}
      {...options.props}
      clearable={rest.clearable ?? !rest.required}
      value={value}
      onChange={(next) => onChange(next)}
      rightSection={options.loading ? <Loader size={14} aria-hidden /> : undefined}
    />
  );
}

type MultiRest = Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'>;

export type MultiReferenceSelectProps<T extends Item> = ReferenceSource<T> &
  MultiRest & {
    /** The referenced items' IRIs. */
    value: string[];
    onChange: (value: string[]) => void;
  };

/** The multi-select variant of `ReferenceSelect`: several references, each shown by its label. */
export function MultiReferenceSelect<T extends Item>({
  api,
  optionLabel,
  searchField,
  baseQuery,
  view,
  exclude,
  value,
  onChange,
  ...rest
}: MultiReferenceSelectProps<T>) {
  const details = useQueries({
    queries: value.flatMap((iri) => {
      const id = idOf(api.name, iri);
      return id === null ? [] : [api.detail(id)];
    }),
  });
  const selected = details.flatMap((d) => (d.data ? [d.data] : []));
  const options = useOptions({ api, optionLabel, searchField, baseQuery, view, exclude }, selected, null, rest.onDropdownOpen);
  return <MultiSelect {...rest} {...options.props} value={value} onChange={onChange} />;
}

interface ReferenceLabelProps<T extends Item> {
  api: Pick<ResourceApi<T>, 'name' | 'detail'>;
  /** The IRI to name; nothing is shown for null. */
  value: string | null;
  optionLabel?: (item: T) => string;
}

/** A referenced item's label in a table cell, from its cached detail (one request per item, not per row). */
export function ReferenceLabel<T extends Item>({ api, value, optionLabel = defaultLabel }: ReferenceLabelProps<T>) {
  const id = value ? idOf(api.name, value) : null;
  const detail = useQuery({ ...api.detail(id ?? 0), enabled: id !== null });
  if (id === null) return null;
  if (detail.data) return <>{optionLabel(detail.data)}</>;
  if (detail.isError) return <Text span c="dimmed">{`#${id}`}</Text>;
  return <Skeleton height={14} width={100} radius="sm" />;
}

/**
 * A referenced item's label for an export's `exportValue`: through the same query cache as
 * `ReferenceLabel`, so a 10,000-row export reads each referenced item once.
 */
export async function fetchReferenceLabel<T extends Item>(
  queryClient: QueryClient,
  api: Pick<ResourceApi<T>, 'name' | 'detail'>,
  value: string | null,
  optionLabel: (item: T) => string = defaultLabel,
): Promise<string | null> {
  const id = value ? idOf(api.name, value) : null;
  if (id === null) return null;
  try {
    return optionLabel(await queryClient.ensureQueryData(api.detail(id)));
  } catch {
    return `#${id}`;
  }
}
