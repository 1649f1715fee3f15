import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { depositsApi } from './api.ts';
import { DepositStatusBadge } from './columns.tsx';
import { backPath } from './count-back.ts';
import { DepositReportForm } from './deposit-report-form.tsx';

const route = getRouteApi('/_app/deposits/count/$id');
const k = (key: string) => `resources.deposits.${key}`;

/**
 * `/deposits/count/$id`: one emptying's count on a page of its own, the list's form: where a visit's
 * stop sends the worker after "Emptied" (`?back=/visits/today`), on a phone. Saved, it goes back.
 */
export function DepositCountPage() {
  const { t } = useTranslation();
  const { id } = route.useLoaderData();
  const search = route.useSearch();
  const navigate = useNavigate();
  const back = backPath(search.back);
  const deposit = useQuery(depositsApi.detail(id));
  const done = useCallback(() => {
    void navigate({ to: (back ?? '/deposits/list') as '/deposits/list' });
  }, [navigate, back]);

  return (
    <>
      <PageHeader title={t(k('report.title'))} />
      <Stack gap="md" maw={560}>
        {back && (
          <Anchor component={Link} to={back} size="md" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <IconArrowLeft size={18} aria-hidden />
            {t(k('count.back'))}
          </Anchor>
        )}
        <Paper withBorder shadow="xs" radius="md" p="md">
          {deposit.isError && (
            <FailureAlert error={deposit.error} title={t(k('count.loadFailed'))} onRetry={() => void deposit.refetch()} />
          )}
          {!deposit.data && !deposit.isError && <Skeleton height={180} />}
          {deposit.data && (
            <Stack gap="sm">
              <Title order={2} size="h4">
                {deposit.data.deviceName} <DepositStatusBadge status={deposit.data.status} />
              </Title>
              {deposit.data.status === 'verified' ? (
                <Text size="sm">{t(k('count.verified'))}</Text>
              ) : (
                <DepositReportForm deposit={deposit.data} onDone={done} />
              )}
            </Stack>
          )}
        </Paper>
      </Stack>
    </>
  );
}
