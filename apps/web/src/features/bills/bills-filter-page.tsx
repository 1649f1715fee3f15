import { billKinds, billPayments, billStatuses } from '@kovanica/contract';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/index.ts';
import { DayInput } from '../../components/day-input.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { billsApi } from '../../lib/apis/bills.ts';
import { devicesApi } from '../../lib/apis/devices.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { useListSearch } from '../../lib/list-state.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { type AdvancedFilter, appliedCount, appliedQuery, emptyFilter, filterErrors, filterOf, searchOf } from './advanced-filter.ts';
import { useBillColumns } from './bill-columns.tsx';
import { deviceLabel } from './bill-filters.tsx';

const f = (field: string) => `bills.fields.${field}`;
const k = (key: string) => `bills.filter.${key}`;
/** JIRs and ZKIs are read digit by digit: typed in a monospace font, as the lists show them. */
const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * `/bills/filter`: the advanced filter — a bill found by its number as printed (or its sequence
 * alone), its JIR or ZKI, or any mix of device, location, premises, payment, kind, status, amount and
 * period. "Apply" writes the filter to the URL; the bills that match are listed under the form.
 */
export function BillsFilterPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const [search, setSearch] = useListSearch();
  const columns = useBillColumns();
  const formTitleId = useId();
  const applied = JSON.stringify(filterOf(search));

  const form = useForm<AdvancedFilter>({
    initialValues: filterOf(search),
    validate: (values) => Object.fromEntries(Object.entries(filterErrors(values)).map(([field, key]) => [field, t(k(`errors.${key}`))])),
  });
  // The URL is the truth: Back, a link or "Clear" fill the form in again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the applied filter resets the form
  useEffect(() => {
    form.setValues(JSON.parse(applied) as AdvancedFilter);
    form.resetDirty();
    form.clearErrors();
  }, [applied]);

  const count = appliedCount(search);
  const title = t(k('results'));
  const select = (field: 'payment' | 'kind' | 'status', options: readonly string[], prefix: string) => (
    <Select
      label={t(f(field))}
      placeholder={t('dataTable.any')}
      data={options.map((value) => ({ value, label: t(`bills.${prefix}.${value}`) }))}
      clearable
      {...form.getInputProps(field)}
    />
  );

  return (
    <>
      <PageHeader title={t(k('title'))} subtitle={t(k('subtitle'))} />
      <Paper
        component="form"
        withBorder
        shadow="xs"
        radius="md"
        p="md"
        mb="lg"
        aria-labelledby={formTitleId}
        onSubmit={form.onSubmit((values) => setSearch(searchOf(values, search)))}
        onReset={(event) => {
          event.preventDefault();
          setSearch(searchOf(emptyFilter(), search));
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id={formTitleId}>
            {t(k('form'))}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
            <TextInput label={t(f('number'))} placeholder={t(k('numberHint'))} {...form.getInputProps('number')} />
            <TextInput label={t(f('jir'))} styles={mono} {...form.getInputProps('jir')} />
            <TextInput label={t(f('zki'))} styles={mono} {...form.getInputProps('zki')} />
            <ReferenceSelect
              api={devicesApi}
              optionLabel={deviceLabel}
              label={t(f('device'))}
              placeholder={t('dataTable.any')}
              clearable
              value={form.values.device}
              onChange={(value) => form.setFieldValue('device', value)}
            />
            <ReferenceSelect
              api={locationsApi}
              label={t(f('location'))}
              placeholder={t('dataTable.any')}
              clearable
              value={form.values.location}
              onChange={(value) => form.setFieldValue('location', value)}
            />
            <TextInput label={t(f('premises'))} {...form.getInputProps('premises')} />
            {select('payment', billPayments, 'payments')}
            {select('kind', billKinds, 'kinds')}
            {select('status', billStatuses, 'statuses')}
            <SimpleGrid cols={2} spacing="xs">
              <MoneyInput label={t(k('amountFrom'))} allowNegative {...form.getInputProps('amountFrom')} />
              <MoneyInput label={t(k('amountTo'))} allowNegative {...form.getInputProps('amountTo')} />
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="xs">
              <DayInput label={t(k('from'))} {...form.getInputProps('from')} />
              <DayInput label={t(k('to'))} {...form.getInputProps('to')} />
            </SimpleGrid>
          </SimpleGrid>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              {count > 0 ? t(k('applied'), { count }) : t(k('none'))}
            </Text>
            <Group gap="sm">
              <Button type="reset" variant="default" leftSection={<IconFilterOff size={16} aria-hidden />} disabled={count === 0}>
                {t(k('clear'))}
              </Button>
              <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
                {t(k('apply'))}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      <DataTable
        api={billsApi}
        columns={columns}
        baseQuery={appliedQuery(search)}
        title={title}
        storageId={wide ? 'bills-all' : 'bills'}
        emptyText={count > 0 ? t(k('noMatch')) : undefined}
      />
    </>
  );
}
