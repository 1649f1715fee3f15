import { formatDate, formatMoney, type ProductSalesReport, type ProductSalesRow, type ProductSalesUnmapped } from '@kovanica/contract';
import { SimpleGrid, Text } from '@mantine/core';
import { IconBottle, IconCash } from '@tabler/icons-react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../components/day-range-inputs.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReportFigures } from '../../components/report-figures.tsx';
import { ReportPlaceFilters, reportPlaceScope } from '../../components/report-place-filters.tsx';
import { countColumn, moneyColumn, PagedReportTable, type TotalsColumn } from '../../components/report-table/index.ts';
import { monthToDate } from '../../lib/day.ts';
import { useQueryNow } from '../../lib/query-now.ts';
import { useReportSearch } from '../../lib/report-search.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { productSalesQuery, productSalesRangeError, productSalesSearch } from './api.ts';

const k = (key: string) => `resources.planograms.report.${key}`;

type Totals = ProductSalesReport['totals'];
/** A line: an article's sales, or a selection of a device that no planogram maps. */
interface Line {
  key: string;
  name: string;
  vends: number;
  valueCents: number;
}
type Column = TotalsColumn<Line, Totals>;
type Answer = { '@id': string; rows: Line[]; totalItems: number; page: number; itemsPerPage: number; totals: Totals };

const linesOf = (report: ProductSalesReport, unmappedName: (u: ProductSalesUnmapped) => string): Line[] => [
  ...report.rows.map((r: ProductSalesRow) => ({ key: r.article, name: r.articleName, vends: r.vends, valueCents: r.valueCents })),
  ...report.unmapped.map((u) => ({ key: `${u.device} ${u.selection}`, name: unmappedName(u), vends: u.vends, valueCents: u.valueCents })),
];

/**
 * `/product-sales-report`: the machines' paid vends and their value per article in a range, from their
 * audits (docs/rules.md "Planograms and audit sales"); the selections no planogram maps follow, per
 * device. Exported as the other reports' tables are (CSV, XLSX, PDF of the lines).
 */
export function ProductSalesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useReportSearch(productSalesSearch);
  const view = viewOf(useSession().accountInfo);
  const queryClient = useQueryClient();
  const range = monthToDate();
  const from = search.from ?? range.from;
  const to = search.to ?? range.to;
  const tooLong = productSalesRangeError(from, to);
  const valid = from <= to && tooLong === null;
  const query = {
    from,
    to,
    ...(search.device && { device: search.device }),
    ...(view === 'all' && search.company && { company: search.company }),
  };
  const report = useQueryNow({ ...productSalesQuery(query, view), enabled: valid, placeholderData: keepPreviousData });
  const data = valid ? report.data : null;
  const unmappedName = (u: ProductSalesUnmapped) => t(k('unmapped'), { device: u.deviceName, selection: u.selection });
  const asAnswer = (r: ProductSalesReport): Answer => {
    const rows = linesOf(r, unmappedName);
    return { '@id': r['@id'], rows, totalItems: rows.length, page: 1, itemsPerPage: Math.max(rows.length, 1), totals: r.totals };
  };

  const columns = useMemo<Column[]>(
    () =>
      [
        { key: 'name', label: k('article'), rowHeader: true, render: (l: Line) => l.name, exportValue: (l: Line) => l.name },
        countColumn('vends', k('vends'), { strong: true }),
        moneyColumn('valueCents', k('valueCents')),
      ] as Column[],
    [],
  );
  const totals = data?.totals;
  return (
    <>
      <PageHeader title={t(k('title'))} subtitle={t(k('subtitle'), { from: formatDate(from), to: formatDate(to) })} />
      <ReportFigures
        phoneColumns={2}
        figures={[
          { label: t(k('vends')), value: totals ? String(totals.vends) : '–', icon: <IconBottle size={24} aria-hidden /> },
          { label: t(k('valueCents')), value: totals ? formatMoney(totals.valueCents) : '–', icon: <IconCash size={24} aria-hidden /> },
        ]}
      />
      <PagedReportTable
        report={data && asAnswer(data)}
        linesOf={(rows: readonly Line[]): Line[] => [...rows]}
        columns={columns}
        title={t(k('title'))}
        filePeriod={`${from}-${to}`}
        exportFilters={() => reportPlaceScope(view, ['device'], search, t)}
        storageId="product-sales-report"
        status={report}
        paging={{}}
        onPaging={() => {}}
        fetchPage={async () => asAnswer(await queryClient.fetchQuery({ ...productSalesQuery(query, view), staleTime: 0, gcTime: 0 }))}
        empty={<Text c="dimmed">{t(k('empty'))}</Text>}
        toolbar={
          <Text size="sm" c="dimmed">
            {data ? t(k('spans'), { count: data.spans }) : t(k('note'))}
          </Text>
        }
        filters={
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <DayRangeInputs
              from={from}
              to={to}
              onChange={(patch) => setSearch(patch)}
              error={tooLong === null ? undefined : t(k('tooLong'), { max: tooLong })}
            />
            <ReportPlaceFilters view={view} filters={['device']} value={search} onChange={(patch) => setSearch(patch)} />
          </SimpleGrid>
        }
      />
    </>
  );
}
