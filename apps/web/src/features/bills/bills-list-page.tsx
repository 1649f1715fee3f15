import { Button } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type Filter } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { billsApi } from '../../lib/apis/bills.ts';
import { useSession } from '../../lib/session.ts';
import { viewOf } from '../../lib/view.ts';
import { useBillColumns } from './bill-columns.tsx';
import { deviceFilter, kindFilter, paymentFilter, periodFilter, statusFilter } from './bill-filters.tsx';

const filters: readonly Filter[] = [statusFilter, periodFilter, paymentFilter, kindFilter, deviceFilter];

/**
 * `/bills/list`: every bill, newest first — machines' payments, manual bills and stornos — with its
 * number as printed, amount, payment, whether CIS has fiscalized it (its JIR) and whether it was cancelled.
 */
export function BillsListPage() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const wide = viewOf(accountInfo) === 'all';
  const columns = useBillColumns();
  const title = t('bills.list.title');
  return (
    <>
      <PageHeader title={title} subtitle={t('bills.list.subtitle')} />
      <DataTable
        api={billsApi}
        columns={columns}
        filters={filters}
        title={title}
        storageId={wide ? 'bills-all' : 'bills'}
        toolbar={
          <Button component={Link} to="/bills/filter" variant="default" leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}>
            {t('bills.list.advanced')}
          </Button>
        }
      />
    </>
  );
}
