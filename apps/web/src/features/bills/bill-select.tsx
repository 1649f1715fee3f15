import { type Bill, formatDateTime, parseIri } from '@kovanica/contract';
import { type ComboboxItem, Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billsApi } from '../../lib/apis/bills.ts';
import { BILL_NUMBER } from './advanced-filter.ts';

const SEARCH_DELAY_MS = 300;
const OPTIONS = 30;

const labelOf = (b: Bill) => `${b.number} · ${formatDateTime(b.issuedAt)}${b.deviceName ? ` · ${b.deviceName}` : ''}`;

type Rest = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'>;

/**
 * One bill, found by its number as printed (`12/PP01/3`) or its sequence alone (`12`), as the API's
 * exact `number` filter takes them; before anything is typed, the newest bills. The value is the bill's IRI.
 * (The kit's `ReferenceSelect` searches a partial text field in its own order, which bills do not have.)
 */
export function BillSelect({ value, onChange, ...rest }: Rest & { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  const id = value ? parseIri('bills', value) : null;
  const current = useQuery({ ...billsApi.detail(id ?? 0), enabled: id !== null });
  const currentLabel = current.data ? labelOf(current.data) : null;
  const [text] = useDebouncedValue(typed === currentLabel ? '' : typed.trim(), SEARCH_DELAY_MS);
  const valid = text === '' || BILL_NUMBER.test(text);
  const page = useQuery({
    ...billsApi.list({ ...(text ? { number: text } : {}), itemsPerPage: OPTIONS }),
    placeholderData: keepPreviousData,
    enabled: opened && valid,
  });
  const options = new Map<string, ComboboxItem>();
  for (const bill of [...(current.data && value ? [current.data] : []), ...(valid ? (page.data?.member ?? []) : [])]) {
    options.set(bill['@id'], { value: bill['@id'], label: labelOf(bill) });
  }
  return (
    <Select
      {...rest}
      searchable
      clearable
      data={[...options.values()]}
      value={value}
      onChange={onChange}
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={page.isFetching ? t('app.loading') : valid ? t('dataTable.empty') : t('bills.filter.errors.number')}
      rightSection={page.isFetching ? <Loader size={14} aria-hidden /> : undefined}
    />
  );
}
