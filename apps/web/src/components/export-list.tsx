import {
  businessDate,
  type ExportItem,
  type FinancePeriod,
  type FinanceSubject,
  formatCount,
  formatDate,
  formatDateTime,
} from '@kovanica/contract';
import { Badge, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadExport, exportsQuery } from '../lib/exports.ts';
import { useSession } from '../lib/session.ts';
import { viewOf } from '../lib/view.ts';
import { FailureAlert, failureText } from './failure-alert.tsx';

const STATUS_COLORS = { queued: 'gray.7', running: 'blue.8', done: 'teal.9', failed: 'red.8' } as const;

/** A file's size: `12 kB`, `3.4 MB`. */
const sizeOf = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1_000_000).toFixed(1).replace('.', ',')} MB`;

/**
 * The user's exports of the last 7 days (an admin's All Companies view: everyone's, with who asked),
 * newest first: data set, format, status, a progress bar while it is built (the list is asked again
 * while any is, so it survives a reload), size, rows, expiry and the file. `/exports/generate` and
 * `/finance-report/export` show it under their forms.
 */
export function ExportList() {
  const { t } = useTranslation();
  const { accountInfo } = useSession();
  const list = useQuery(exportsQuery(viewOf(accountInfo)));
  return (
    <>
      <Title order={2} size="h4" mb="sm">
        {t('exports.listTitle')}
      </Title>
      {list.isError ? (
        <FailureAlert error={list.error} title={t('exports.listFailed')} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton height={120} radius="md" />
      ) : list.data.member.length === 0 ? (
        <Text c="dimmed">{t('exports.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('exports.listTitle')}>
          {list.data.member.map((item) => (
            <ExportCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </>
  );
}

function ExportCard({ item }: { item: ExportItem }) {
  const { t } = useTranslation();
  const params = item.params as { subject?: FinanceSubject; from?: string; to?: string; period?: FinancePeriod } & Record<string, unknown>;
  const running = item.status === 'queued' || item.status === 'running';
  const download = useMutation({
    mutationFn: () => downloadExport(item),
    onError: (error) =>
      notifications.show({ color: 'red', title: t('exports.downloadFailed'), message: failureText(error, t('errors.genericText')) }),
  });
  const title =
    item.kind === 'finance-report'
      ? t(`resources.finance.titles.${params.subject ?? 'location'}`)
      : item.kind === 'token-report'
        ? t(`resources.finance.tokenTitles.${params.subject === 'device' || params.subject === 'lessor' ? params.subject : 'location'}`)
        : t(`exports.kinds.${item.kind}`);
  // A list's range is its date filter (`at[after]` … `at[before]`); a report's its from and to.
  // (instants of business days' starts: the range's last day is the one before `[strictly_before]`).
  const after = Object.entries(params).find(([k]) => k.endsWith('[after]'))?.[1];
  const before = Object.entries(params).find(([k]) => k.endsWith('[strictly_before]'))?.[1];
  const from = params.from ?? (typeof after === 'string' ? businessDate(new Date(after)) : undefined);
  const to = params.to ?? (typeof before === 'string' ? businessDate(new Date(new Date(before).getTime() - 1)) : undefined);
  const when = from || to ? `${from ? formatDate(from) : '…'} – ${to ? formatDate(to) : '…'}` : '';
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="export-card">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{title}</Text>
            <Badge variant="light" color="gray">
              {t(`exports.formats.${item.format}`)}
            </Badge>
            <Badge variant="filled" color={STATUS_COLORS[item.status]}>
              {t(`exports.statuses.${item.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {[
              when,
              params.period ? t(`resources.finance.periods.${params.period}`) : null,
              t('exports.asked', { at: formatDateTime(item.createdAt) }),
              t('exports.askedBy', { name: item.about.madeBy || item.userName }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {/* What the file holds (decision 0042): the company and every filter, as its first lines say. */}
          <Text size="sm" c="dimmed" data-testid="export-company">
            {item.about.company}
          </Text>
          <Text size="sm" c="dimmed" data-testid="export-filters">
            {item.about.filters.length === 0
              ? t('exports.noFilters')
              : t('exports.filtersLine', { filters: item.about.filters.map((f) => `${f.label}: ${f.value}`).join(' · ') })}
          </Text>
          {item.status === 'done' && (
            <Text size="sm" c="dimmed">
              {t('exports.doneLine', { rows: formatCount(item.rows ?? 0), count: item.rows ?? 0, until: formatDate(item.expiresAt) })}
              {item.size !== null && ` · ${sizeOf(item.size)}`}
            </Text>
          )}
          {item.status === 'failed' && (
            <Text size="sm" c="red.8">
              {item.error}
            </Text>
          )}
        </Stack>
        {item.status === 'done' && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate()}
            aria-label={`${t('exports.download')}: ${title}`}
          >
            {t('exports.download')}
          </Button>
        )}
      </Group>
      {running && <ExportProgress progress={item.progress} mt="xs" />}
    </Paper>
  );
}

/**
 * An export's progress bar. The bar shows at least a sliver (a started export is moving), while the
 * progress bar's value read out is the true one; the ARIA attributes sit on the element whose role is
 * progressbar (Mantine's `Progress` would put extra ones on its root, which has no role).
 */
export function ExportProgress({ progress, mt }: { progress: number; mt?: string }) {
  const { t } = useTranslation();
  return (
    <Progress.Root mt={mt}>
      <Progress.Section
        value={Math.max(progress, 3)}
        animated
        striped
        withAria={false}
        role="progressbar"
        aria-label={t('exports.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress} %`}
      />
    </Progress.Root>
  );
}
