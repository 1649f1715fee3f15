import { cardUploadColumns, formatDateTime, type ImportRecord, importColumns } from '@kovanica/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { downloadRefusedRows, ImportRowsTable } from '../../components/import-rows.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { importsApi } from '../../lib/apis/imports.ts';
import { ImportStatusBadge } from './imports-history-page.tsx';

/** The columns of a kind's file, and the label of each (the resource's field names). */
export function kindColumns(kind: ImportRecord['kind']) {
  if (kind === 'loyalty-cards') {
    return {
      columns: cardUploadColumns as readonly string[],
      label: (c: string) => `resources.loyalty-cards.fields.${c === 'holderEmail' ? 'holder' : c}`,
    };
  }
  return { columns: importColumns[kind].columns as readonly string[], label: (c: string) => `imports.columns.${kind}.${c}` };
}

/** `/imports/history/$id`: one import, its counts, why it failed, and its refused rows with their errors (downloadable). */
export function ImportDetailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: record } = useSuspenseQuery(importsApi.detail(id));
  const { columns, label } = kindColumns(record.kind);
  const refused = record.refused ?? [];
  const figure = (name: string, value: string | number) => (
    <div>
      <Text size="sm" c="dimmed">
        {t(`resources.imports.fields.${name}`)}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
  return (
    <>
      <PageHeader
        title={record.fileName}
        subtitle={t('imports.detailSubtitle', {
          kind: t(`resources.imports.kinds.${record.kind}`),
          when: formatDateTime(record.createdAt),
          who: record.userName ?? '–',
        })}
        actions={
          <Anchor component={Link} to="/imports/history" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden />
              {t('imports.backToHistory')}
            </Group>
          </Anchor>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            {figure('rowsRead', record.rowsRead)}
            {figure('rowsWritten', record.rowsWritten)}
            {figure('rowsRefused', record.rowsRefused)}
            <div>
              <Text size="sm" c="dimmed">
                {t('resources.imports.fields.status')}
              </Text>
              <ImportStatusBadge record={record} />
            </div>
          </SimpleGrid>
        </Paper>
        {record.error && (
          <Alert color="red" title={t('imports.failedTitle')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {record.error}
          </Alert>
        )}
        <Paper withBorder p="md">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4">
                {t('imports.refusedTitle', { count: refused.length })}
              </Title>
              {refused.length > 0 && (
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() =>
                    downloadRefusedRows(
                      refused,
                      columns,
                      { line: t('imports.line'), errors: t('imports.errors') },
                      `${record.kind}-refused`,
                    )
                  }
                >
                  {t('imports.downloadRefused')}
                </Button>
              )}
            </Group>
            {refused.length > 0 ? (
              <ImportRowsTable
                rows={refused}
                columns={columns}
                label={(c) => t(label(c))}
                caption={t('imports.refusedTitle', { count: refused.length })}
              />
            ) : (
              <Text size="sm">{t('imports.noneRefused')}</Text>
            )}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
