import {
  articleImportColumns,
  deviceImportColumns,
  type ImportFormat,
  type ImportPreview,
  type ImportRecord,
  type ImportRequest,
  type ImportRequestKind,
  importLimits,
  importPreview,
  importRecord,
  importRequestKinds,
  locationImportColumns,
  transactionImportColumns,
} from '@kovanica/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { downloadRefusedRows, downloadTemplate, ImportRowsTable } from '../../components/import-rows.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { apiRequest } from '../../lib/api.ts';
import { IMPORT_FILE_ACCEPT, importFileContent } from '../../lib/files.ts';
import { kindColumns } from './import-detail-page.tsx';

const PAGE = 100;
const send = <T,>(body: ImportRequest, schema: { safeParse(data: unknown): unknown }) =>
  apiRequest<T>('/imports', { method: 'POST', body, schema: schema as never });

const templates: Record<ImportRequestKind, { columns: readonly string[]; example: readonly string[] }> = {
  articles: articleImportColumns,
  locations: locationImportColumns,
  devices: deviceImportColumns,
  transactions: transactionImportColumns,
};

/**
 * `/imports/new` (issue 15 §1): the kind, its template, the file; the server checks every row with the
 * API's schemas (nothing written), then writes the valid ones on confirmation; the import is then in
 * the history. Loyalty cards keep their own screen (their owner is chosen there).
 */
export function ImportNewPage() {
  const { t, i18n } = useTranslation();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ImportRequestKind>('articles');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<{ content: string; format: ImportFormat } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const preview = useMutation({ mutationFn: (body: ImportRequest) => send<ImportPreview>(body, importPreview) });
  const write = useMutation({
    mutationFn: (body: ImportRequest) => send<ImportRecord>(body, importRecord),
    onSettled: (_data, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['imports'] }),
        queryClient.invalidateQueries({ queryKey: [body.kind] }),
        // Imported transactions change the revenue figures and the deposits' counted amounts too.
        ...(body.kind === 'transactions'
          ? [queryClient.invalidateQueries({ queryKey: ['revenue'] }), queryClient.invalidateQueries({ queryKey: ['deposits'] })]
          : []),
      ]),
  });
  const { columns, label } = kindColumns(kind);

  const check = (nextKind: ImportRequestKind, nextFile: File | null, read: typeof content) => {
    write.reset();
    setPage(1);
    if (!nextFile || read === null) return preview.reset();
    preview.mutate({ kind: nextKind, fileName: nextFile.name, ...read, confirm: false });
  };
  const choose = async (next: File | null) => {
    setFile(next);
    setReadError(null);
    setContent(null);
    if (!next) return check(kind, null, null);
    if (next.size > importLimits.bytes) {
      setReadError(t('imports.tooLarge', { max: importLimits.bytes / 1024 / 1024 }));
      return check(kind, null, null);
    }
    const read = await importFileContent(next);
    setContent(read);
    check(kind, next, read);
  };

  const result = preview.data;
  const shown = useMemo(
    () => (result ? (onlyErrors ? result.rows.filter((r) => r.errors.length) : result.rows) : []),
    [result, onlyErrors],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const done = write.data;
  const refusedHeader = { line: t('imports.line'), errors: t('imports.errors') };
  const template = templates[kind];

  return (
    <>
      <PageHeader
        title={t('imports.newTitle')}
        subtitle={t('imports.newSubtitle', {
          rows: importLimits.rows.toLocaleString(i18n.language === 'hr' ? 'hr-HR' : 'en-GB'),
          mb: importLimits.bytes / 1024 / 1024,
        })}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => downloadTemplate(template.columns, template.example, kind)}
          >
            {t('imports.template')}
          </Button>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t('resources.imports.fields.kind')}
                required
                allowDeselect={false}
                data={importRequestKinds.map((k) => ({ value: k, label: t(`resources.imports.kinds.${k}`) }))}
                value={kind}
                onChange={(next) => {
                  const chosen = (next ?? 'articles') as ImportRequestKind;
                  setKind(chosen);
                  check(chosen, file, content);
                }}
              />
              <FileInput
                label={t('imports.file')}
                description={t('imports.fileHint')}
                placeholder={t('imports.filePlaceholder')}
                styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
                accept={IMPORT_FILE_ACCEPT}
                clearable
                clearButtonProps={{ 'aria-label': t('imports.clearFile') }}
                required
                value={file}
                onChange={(next) => void choose(next)}
                leftSection={<IconFileUpload size={16} aria-hidden />}
                error={readError}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t(`imports.columnsHint.${kind}`)}
            </Text>
            {can('loyalty-cards.create') && (
              <Text size="sm">
                {t('imports.cardsElsewhere')}{' '}
                <Anchor component={Link} to="/loyalty/cards/upload" inherit>
                  {t('imports.cardsLink')}
                </Anchor>
              </Text>
            )}
          </Stack>
        </Paper>

        {preview.isPending && <Text c="dimmed">{t('imports.checking')}</Text>}
        {preview.isError && <FailureAlert error={preview.error} title={t('imports.previewFailed')} />}

        {done ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={t('imports.doneTitle')}
            role="status"
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <Stack gap="xs">
              <Text size="sm">{t('imports.doneText', { written: done.rowsWritten, read: done.rowsRead, refused: done.rowsRefused })}</Text>
              <Group gap="sm">
                <Anchor size="sm" renderRoot={(props) => <Link to="/imports/history/$id" params={{ id: String(done.id) }} {...props} />}>
                  {t('imports.toRecord')}
                </Anchor>
                <Anchor component={Link} to="/imports/history" size="sm">
                  {t('imports.backToHistory')}
                </Anchor>
              </Group>
            </Stack>
          </Alert>
        ) : (
          result && (
            <Paper withBorder p="md">
              <Stack gap="md">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4">
                    {t('imports.previewTitle', { file: result.fileName })}
                  </Title>
                  <Group gap="xs">
                    <Badge variant="filled" color="gray.7">
                      {t('imports.read', { count: result.rowsRead })}
                    </Badge>
                    <Badge variant="filled" color="teal.9">
                      {t('imports.valid', { count: result.rowsValid })}
                    </Badge>
                    <Badge variant="filled" color={result.rowsRefused ? 'red.9' : 'gray.7'}>
                      {t('imports.refused', { count: result.rowsRefused })}
                    </Badge>
                  </Group>
                </Group>
                {result.ignoredColumns.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {t('imports.ignored', { columns: result.ignoredColumns.join(', ') })}
                  </Text>
                )}
                <Text size="sm">{t('imports.nothingWritten')}</Text>
                {write.isError && <FailureAlert error={write.error} title={t('imports.writeFailed')} />}
                <Group justify="space-between" wrap="wrap">
                  <Group gap="sm" wrap="wrap">
                    <Button
                      disabled={result.rowsValid === 0 || !file || content === null}
                      loading={write.isPending}
                      onClick={() => file && content !== null && write.mutate({ kind, fileName: file.name, ...content, confirm: true })}
                    >
                      {t('imports.write', { count: result.rowsValid })}
                    </Button>
                    {result.rowsRefused > 0 && (
                      <Button
                        variant="default"
                        leftSection={<IconDownload size={16} aria-hidden />}
                        onClick={() => downloadRefusedRows(result.rows, columns, refusedHeader, `${kind}-refused`)}
                      >
                        {t('imports.downloadRefused')}
                      </Button>
                    )}
                  </Group>
                  <Switch
                    label={t('imports.onlyErrors')}
                    checked={onlyErrors}
                    onChange={(e) => {
                      setOnlyErrors(e.currentTarget.checked);
                      setPage(1);
                    }}
                  />
                </Group>
                <ImportRowsTable
                  rows={shown.slice((page - 1) * PAGE, page * PAGE)}
                  columns={columns}
                  label={(c) => t(label(c))}
                  caption={t('imports.previewTable')}
                />
                {pages > 1 && (
                  <Group justify="center">
                    <Pagination total={pages} value={page} onChange={setPage} size="sm" />
                  </Group>
                )}
              </Stack>
            </Paper>
          )
        )}
      </Stack>
    </>
  );
}
