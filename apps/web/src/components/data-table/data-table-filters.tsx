import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterValue, type ListSearch, listFilters, withFilter } from '../../lib/list-state.ts';
import { DayInput } from '../day-input.tsx';
import type { Filter } from './types.ts';

/** Typing settles for this long before the list (and the URL) follows. */
export const TEXT_FILTER_DELAY_MS = 300;

type SetSearch = (next: ListSearch, options?: { replace?: boolean }) => void;

interface FiltersProps {
  filters: readonly Filter[];
  search: ListSearch;
  setSearch: SetSearch;
}

/** The filter inputs of a list; every change goes to the URL and back to page 1. */
export function DataTableFilters({ filters, search, setSearch }: FiltersProps) {
  const { t } = useTranslation();
  const set = (field: string, value: FilterValue | undefined, replace = false) => setSearch(withFilter(search, field, value), { replace });
  const active = Object.keys(listFilters(search)).length > 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
      {filters.map((filter) => (
        <FilterInput key={filter.field} filter={filter} search={search} set={set} />
      ))}
      {active && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => setSearch({ sort: search.sort, dir: search.dir, itemsPerPage: search.itemsPerPage })}
          style={{ alignSelf: 'end' }}
        >
          {t('dataTable.clearFilters')}
        </Button>
      )}
    </SimpleGrid>
  );
}

const asText = (value: FilterValue | undefined) => (value === undefined ? null : String(value));

function FilterInput({
  filter,
  search,
  set,
}: {
  filter: Filter;
  search: ListSearch;
  set: (field: string, value: FilterValue | undefined, replace?: boolean) => void;
}) {
  const { t } = useTranslation();
  const label = t(filter.label);
  const value = search[filter.field];
  switch (filter.kind) {
    case 'text':
      return <TextFilter label={label} value={asText(value) ?? ''} onChange={(v) => set(filter.field, v, true)} />;
    case 'select':
      return (
        <Select
          label={label}
          placeholder={t('dataTable.any')}
          data={filter.options.map((o) => ({ value: o.value, label: t(o.label) }))}
          value={asText(value)}
          onChange={(v) => set(filter.field, v ?? undefined)}
          clearable
        />
      );
    case 'boolean':
      return (
        <Select
          label={label}
          placeholder={t('dataTable.any')}
          data={[
            { value: 'true', label: t('dataTable.yes') },
            { value: 'false', label: t('dataTable.no') },
          ]}
          value={asText(value)}
          onChange={(v) => set(filter.field, v === null ? undefined : v === 'true')}
          clearable
        />
      );
    case 'date-range': {
      const after = `${filter.field}[after]`;
      const before = `${filter.field}[before]`;
      return (
        <SimpleGrid cols={2} spacing="xs">
          <DayInput
            label={t('dataTable.from', { label })}
            value={asText(search[after]) ?? ''}
            onChange={(v) => set(after, v || undefined)}
          />
          <DayInput
            label={t('dataTable.to', { label })}
            value={asText(search[before]) ?? ''}
            onChange={(v) => set(before, v || undefined)}
          />
        </SimpleGrid>
      );
    }
    case 'custom':
      return filter.render({
        label,
        placeholder: t('dataTable.any'),
        value: asText(value),
        onChange: (v) => set(filter.field, v ?? undefined),
      });
  }
}

/** A text filter that waits for typing to settle; it follows the URL when that changes (Back, a link). */
function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = useDebouncedCallback((next: string) => onChange(next), TEXT_FILTER_DELAY_MS);
  // Leaving the list before the pause ends drops the pending filter: it must not land on the next page's URL.
  useEffect(() => () => commit.cancel(), [commit]);
  return (
    <TextInput
      label={label}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
    />
  );
}
