import { API_BASE, formatDateTime } from '@kovanica/contract';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api.ts';
import { downloadBlob, type ExportTable, exportFileName } from '../../lib/export/table.ts';
import { type Session, useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { failureText } from '../failure-alert.tsx';
import type { ExportFormat } from './export-menu.tsx';
import { EXPORT_MAX_ROWS } from './export-rows.ts';
import { totalText } from './pagination-bar.tsx';

/**
 * What a file holds beside its rows, as its screen knows it (decision 0042): the period (null: every
 * date) and every active filter, labels and values in the user's words (`Location`, `Riva — caffe bar`).
 */
export interface ExportScope {
  period: string | null;
  filters: { label: string; value: string }[];
}

/** What the caller made to export: the table and how many of its rows are data (not a totals row). */
export interface ExportContent {
  table: ExportTable;
  /**
   * Its period and filters: written, with the company and who made it when, before the header row.
   * Every table gives it; a file without it (bill comparison, for now) has no such lines rather than
   * wrong ones.
   */
  scope?: ExportScope;
  count: number;
  /** The rows there were when the export stopped at `EXPORT_MAX_ROWS` short of them: the user is told. */
  total?: number;
  /** False when the list holds more than `total` rows (a big collection counts no further). */
  totalExact?: boolean;
}

/** The company a file is of, in words: name and OIB; the All Companies view says so. */
async function companyLine(session: Session, t: TFunction, fetchCompany: () => Promise<{ name: string; oib: string } | null>) {
  const { accountInfo } = session;
  const all = viewOf(accountInfo) === 'all';
  if (all && accountInfo.role === 'admin') return t('dataTable.aboutAllCompanies');
  const company = await fetchCompany().catch(() => null);
  const own = company ? `${company.name}, OIB ${company.oib}` : `OIB ${accountInfo.company_oib ?? ''}`;
  return all ? t('dataTable.aboutWithSubsidiaries', { company: own }) : own;
}

/**
 * The lines a file made in the browser starts with (decision 0042), as the server's files: company
 * (name and OIB), report (the table's title), period, every filter (or none: every row), when (Zagreb
 * time) and by whom.
 */
export async function aboutLines(
  title: string,
  scope: ExportScope,
  session: Session,
  t: TFunction,
  fetchCompany: () => Promise<{ name: string; oib: string } | null>,
  now = new Date(),
): Promise<[string, string][]> {
  const { personalInfo } = session;
  return [
    [t('dataTable.aboutCompany'), await companyLine(session, t, fetchCompany)],
    [t('dataTable.aboutReport'), title],
    [t('dataTable.aboutPeriod'), scope.period ?? t('dataTable.aboutEveryDate')],
    [
      t('dataTable.aboutFilters'),
      scope.filters.length === 0 ? t('dataTable.aboutNoFilters') : scope.filters.map((f) => `${f.label}: ${f.value}`).join(' · '),
    ],
    [
      t('dataTable.aboutMade'),
      t('dataTable.aboutMadeAt', { at: formatDateTime(now), name: [personalInfo.name, personalInfo.surname].filter(Boolean).join(' ') }),
    ],
  ];
}

/**
 * The one export action of every table: the caller produces the table and its scope, this writes it
 * as CSV or XLSX (the writers load on first use, so they stay out of every table's chunk) after the
 * lines of what it holds, downloads it as `<fileStem>[-filtered][-<period>]-<Zagreb day>.<format>` and says how
 * it went. `busy` is for the Export button.
 */
export function useExportAction(fileStem: string, period = '') {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const endpoint = session.accountInfo.company_api_endpoint;
  const fetchCompany = async () =>
    endpoint
      ? queryClient.fetchQuery({
          queryKey: ['export-company', endpoint],
          queryFn: () => apiRequest<{ name: string; oib: string }>(endpoint.slice(API_BASE.length)),
          staleTime: 60_000,
        })
      : null;

  const run = async (format: ExportFormat, produce: () => Promise<ExportContent>) => {
    setBusy(true);
    try {
      const { table: rows, scope, count, total = count, totalExact = true } = await produce();
      const now = new Date();
      const table = scope ? { ...rows, about: await aboutLines(rows.name, scope, session, t, fetchCompany, now) } : rows;
      // `<title>[ filtered] <period>`, made ASCII by `exportFileName` (the server's report files are named so).
      const stem = [fileStem, scope && scope.filters.length > 0 ? t('dataTable.aboutFiltered') : '', period].filter(Boolean).join(' ');
      const fileName = exportFileName(stem, format, now);
      if (format === 'csv') {
        const { toCsv, CSV_MIME } = await import('../../lib/export/csv.ts');
        downloadBlob(new Blob([toCsv(table)], { type: CSV_MIME }), fileName);
      } else {
        const { toXlsx, XLSX_MIME } = await import('../../lib/export/xlsx.ts');
        downloadBlob(new Blob([toXlsx(table) as Uint8Array<ArrayBuffer>], { type: XLSX_MIME }), fileName);
      }
      if (total > count || !totalExact) {
        notifications.show({
          color: 'yellow',
          autoClose: false,
          message: t('dataTable.exportCapped', { count, total: totalText(t, total, totalExact), max: EXPORT_MAX_ROWS }),
        });
      } else {
        notifications.show({ color: 'teal', message: t('dataTable.exported', { count }) });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: failureText(error, t('dataTable.exportFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
