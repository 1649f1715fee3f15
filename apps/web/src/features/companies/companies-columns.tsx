import { type Company, formatDate } from '@kovanica/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, strong } from '../../components/data-table/cells.tsx';
import type { Column, Filter } from '../../components/data-table/index.ts';
import { fetchReferenceLabel, ReferenceLabel } from '../../components/reference-select.tsx';
import { companiesApi } from './api.ts';

const f = (field: string) => `resources.companies.fields.${field}`;

const yesNo = (t: TFunction, value: boolean) => t(value ? 'resources.companies.list.yes' : 'resources.companies.list.no');

/** The filters of both company lists: name (contains), OIB (exact) and the top-level flag. */
export const companyFilters: readonly Filter[] = [
  { field: 'name', label: f('name'), kind: 'text' },
  { field: 'oib', label: f('oib'), kind: 'text' },
  { field: 'isTopGun', label: f('isTopGun'), kind: 'boolean' },
];

/** The columns of the company lists; the parent is named from its cached detail, on screen and in the export. */
export function useCompanyColumns(): Column<Company>[] {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMemo<Column<Company>[]>(
    () => [
      { key: 'name', label: f('name'), sortField: 'name', render: (c) => strong(c.name), exportValue: (c) => c.name },
      { key: 'oib', label: f('oib'), sortField: 'oib', render: (c) => c.oib, exportValue: (c) => c.oib },
      {
        key: 'inVatSystem',
        label: f('inVatSystem'),
        render: (c) => yesNo(t, c.inVatSystem),
        exportValue: (c) => yesNo(t, c.inVatSystem),
      },
      { key: 'isTopGun', label: f('isTopGun'), render: (c) => yesNo(t, c.isTopGun), exportValue: (c) => yesNo(t, c.isTopGun) },
      {
        key: 'parent',
        label: f('parent'),
        render: (c) => (c.parent ? <ReferenceLabel api={companiesApi} value={c.parent} /> : dash),
        exportValue: (c) => fetchReferenceLabel(queryClient, companiesApi, c.parent),
      },
      {
        key: 'activeModules',
        label: f('activeModules'),
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
      {
        key: 'createdAt',
        label: f('createdAt'),
        sortField: 'createdAt',
        render: (c) => formatDate(c.createdAt),
        exportValue: (c) => formatDate(c.createdAt),
      },
    ],
    [t, queryClient],
  );
}
