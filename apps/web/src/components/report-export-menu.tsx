import { type ExportFormat, type ExportItem, formatCount } from '@kovanica/contract';
import { ActionIcon, Anchor, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFileDownload, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport, exportKeys, exportQuery, type PendingExport, readPending, writePending } from '../lib/exports.ts';
import { ExportProgress } from './export-list.tsx';
import { failureText } from './failure-alert.tsx';

// The exports this browser waits for, shared by the menu and the progress panel, kept over a reload.
const listeners = new Set<() => void>();
let pending: PendingExport[] = typeof localStorage === 'undefined' ? [] : readPending();
const setPending = (next: PendingExport[]) => {
  pending = next;
  writePending(next);
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const usePendingExports = () => useSyncExternalStore(subscribe, () => pending);
/** Watches an export just asked for: its progress shows, its file downloads when done. */
export const trackExport = (item: ExportItem) =>
  setPending([...pending.filter((p) => p.iri !== item['@id']), { iri: item['@id'], downloaded: false }]);
const markDownloaded = (iri: string) => setPending(pending.map((p) => (p.iri === iri ? { ...p, downloaded: true } : p)));
const forget = (iri: string) => setPending(pending.filter((p) => p.iri !== iri));

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx', 'pdf'];

/**
 * "Export" on a report's header (the finance reports, the VAT book): CSV, XLSX or PDF of what the
 * screen shows (every line, not only the page), built on the server (`ask` posts the export); the
 * progress shows under the header (`ExportProgressPanel`) and the file downloads when it is done.
 */
export function ReportExportMenu({ ask: request }: { ask: (format: ExportFormat) => Promise<ExportItem> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ask = useMutation({
    mutationFn: request,
    onSuccess: (item) => {
      trackExport(item);
      void queryClient.invalidateQueries({ queryKey: exportKeys.all });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: t('exports.failedToAsk'), message: failureText(error, t('errors.genericText')) }),
  });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileDownload size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={ask.isPending}
        >
          {t('exports.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('exports.menuLabel')}</Menu.Label>
        {FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => ask.mutate(format)}>
            {t(`exports.formats.${format}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/finance-report/export">
          {t('exports.allExports')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The exports this browser waits for, each with its progress; empty when there are none. */
export function ExportProgressPanel() {
  const list = usePendingExports();
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {list.map((p) => (
        <ExportProgressRow key={p.iri} pending={p} />
      ))}
    </Stack>
  );
}

function ExportProgressRow({ pending: p }: { pending: PendingExport }) {
  const { t } = useTranslation();
  const { data: item, error } = useQuery(exportQuery(p.iri));
  const gone = (error as { status?: number } | null)?.status === 404;
  useEffect(() => {
    if (gone) forget(p.iri);
  }, [gone, p.iri]);
  useEffect(() => {
    if (item?.status !== 'done' || p.downloaded) return;
    markDownloaded(p.iri);
    downloadExport(item).catch((e: unknown) =>
      notifications.show({ color: 'red', title: t('exports.downloadFailed'), message: failureText(e, t('errors.genericText')) }),
    );
  }, [item, p.downloaded, p.iri, t]);
  if (!item) return null;
  const label = t(`exports.formats.${item.format}`);
  const text =
    item.status === 'done'
      ? t('exports.progress.done', { format: label, rows: formatCount(item.rows ?? 0), count: item.rows ?? 0 })
      : item.status === 'failed'
        ? t('exports.progress.failed', { format: label, error: item.error ?? '' })
        : t(`exports.progress.${item.status}`, { format: label, progress: item.progress });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="export-progress" aria-live="polite">
      <Group justify="space-between" wrap="nowrap" gap="sm" mb={item.status === 'done' || item.status === 'failed' ? 0 : 6}>
        <Text size="sm" c={item.status === 'failed' ? 'red.8' : undefined}>
          {text}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {item.status === 'done' && (
            <Anchor component="button" type="button" size="sm" onClick={() => void downloadExport(item)}>
              {t('exports.downloadAgain')}
            </Anchor>
          )}
          <ActionIcon variant="subtle" color="gray" aria-label={t('exports.dismiss')} onClick={() => forget(p.iri)}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {item.status !== 'done' && item.status !== 'failed' && <ExportProgress progress={item.progress} />}
    </Paper>
  );
}
