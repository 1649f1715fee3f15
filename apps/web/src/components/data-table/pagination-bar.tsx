import { formatCount, MAX_PAGE_DEPTH } from '@kovanica/contract';
import { Group, Pagination, Select, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../lib/list-state.ts';

interface PaginationBarProps {
  page: number;
  itemsPerPage: number;
  total: number;
  /** False: the list holds more than `total` rows (a big collection counts no further, decision 0014). */
  exact?: boolean;
  onPage: (page: number) => void;
  onItemsPerPage: (size: number) => void;
}

/**
 * Where the user is in the list ("31–60 of 142"), the page size and the pages. Page numbers reach the
 * first `MAX_PAGE_DEPTH` rows (the API pages big collections further by cursor only): beyond them the
 * bar says so and the filters narrow the list.
 */
export function PaginationBar({ page, itemsPerPage, total, exact = true, onPage, onItemsPerPage }: PaginationBarProps) {
  const { t } = useTranslation();
  const reachable = Math.max(1, Math.floor(MAX_PAGE_DEPTH / itemsPerPage));
  const capped = !exact || total > MAX_PAGE_DEPTH;
  const pages = Math.min(Math.max(1, Math.ceil(total / itemsPerPage)), capped ? reachable : Number.POSITIVE_INFINITY);
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * itemsPerPage + 1);
  const to = exact ? Math.min(total, page * itemsPerPage) : page * itemsPerPage;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {total > 0 && t('dataTable.range', { from: formatCount(from), to: formatCount(to), total: totalText(t, total, exact) })}
        </Text>
        <Select
          data-no-print
          aria-label={t('dataTable.rowsPerPage')}
          data={PAGE_SIZES.map((size) => String(size))}
          value={String(itemsPerPage)}
          onChange={(value) => onItemsPerPage(Number(value ?? DEFAULT_PAGE_SIZE))}
          allowDeselect={false}
          w={84}
          size="xs"
        />
        <Text size="sm" c="dimmed" aria-hidden data-no-print>
          {t('dataTable.perPage')}
        </Text>
        {capped && (
          <Text size="sm" c="dimmed">
            {t('dataTable.depthCapped', { max: formatCount(MAX_PAGE_DEPTH) })}
          </Text>
        )}
      </Group>
      <Pagination
        data-no-print
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        size="sm"
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': t(`dataTable.${control}Page`) })}
        getItemProps={(item) => ({ 'aria-label': t('dataTable.page', { page: item }), 'aria-current': item === page ? 'page' : undefined })}
      />
    </Group>
  );
}

/** A list's size as text: "142", or "more than 10,000" when the list counted no further. */
export function totalText(t: TFunction, total: number, exact: boolean): string {
  return exact ? formatCount(total) : t('dataTable.totalOver', { total: formatCount(total) });
}
