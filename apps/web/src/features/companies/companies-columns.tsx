import { type Company, companyFieldsDescription, formatDate } from '@kovanica/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, strong } from '../../components/data-table/cells.tsx';
import { type Column, describedColumns, describedFilters } from '../../components/data-table/index.ts';
import { fetchReferenceLabel, ReferenceLabel } from '../../components/reference-select.tsx';
import { companiesApi } from './api.ts';

/** The filters of both company lists: name (contains), OIB (typed whole) and the top-level flag. */
export const companyFilters = describedFilters(companyFieldsDescription, { oib: { text: true } });

/**
 * The columns of the company lists, as the contract describes them (`companyFieldsDescription`), with
 * the cells their kind cannot draw: the parent named from its cached detail (on screen and in the
 * export), the modules as badges.
 */
export function useCompanyColumns(): Column<Company>[] {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMemo(
    () =>
      describedColumns<Company>(companyFieldsDescription, t, {
        name: { render: (c) => strong(c.name) },
        parent: {
          render: (c) => (c.parent ? <ReferenceLabel api={companiesApi} value={c.parent} /> : dash),
          exportValue: (c) => fetchReferenceLabel(queryClient, companiesApi, c.parent),
        },
        activeModules: {
          render: (c) =>
            c.activeModules.length === 0 ? (
              <Text span c="dimmed" size="sm">
                {t('resources.companies.list.noModules')}
              </Text>
            ) : (
              <Group gap={4}>
                {c.activeModules.map((m) => (
                  <Badge key={m} variant="light" size="sm" tt="none">
                    {t(`modules.${m}`)}
                  </Badge>
                ))}
              </Group>
            ),
          exportValue: (c) => c.activeModules.map((m) => t(`modules.${m}`)).join(', '),
        },
        // The list's file has always written the day alone.
        createdAt: { exportValue: (c) => formatDate(c.createdAt) },
      }),
    [t, queryClient],
  );
}
