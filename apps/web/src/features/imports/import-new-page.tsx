import {
  articleImportColumns,
  deviceImportColumns,
  formatCount,
  type ImportColumns,
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
import { Anchor, Button, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { type ImportContent, ImportDone, ImportFileInput, ImportPreviewPanel, useImportFile } from '../../components/import-preview.tsx';
import { downloadTemplate, ImportRowsTable } from '../../components/import-rows.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAccess } from '../../lib/access.ts';
import { apiRequest } from '../../lib/api.ts';
import { kindColumns } from './import-detail-page.tsx';

const send = <T,>(body: ImportRequest, schema: { safeParse(data: unknown): unknown }) =>
  apiRequest<T>('/imports', { method: 'POST', body, schema: schema as never });

const templates: Record<ImportRequestKind, ImportColumns> = {
  articles: articleImportColumns,
  locations: locationImportColumns,
  devices: deviceImportColumns,
  transactions: transactionImportColumns,
};

/**
 * `/imports/new` : the kind, its template, the file; the server checks every row with the
 * API's schemas (nothing written), then writes the valid ones on confirmation; the import is then in
 * the history. Loyalty cards keep their own screen (their owner is chosen there).
 */
export function ImportNewPage() {
  const { t, i18n } = useTranslation();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ImportRequestKind>('articles');
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

  const check = (nextKind: ImportRequestKind, nextFile: File | null, read: ImportContent | null) => {
    write.reset();
    if (!nextFile || read === null) return preview.reset();
    preview.mutate({ kind: nextKind, fileName: nextFile.name, ...read, confirm: false });
  };
  const picked = useImportFile('imports', (next, read) => check(kind, next, read));
  const { file, content } = picked;

  const result = preview.data;
  const done = write.data;
  // The template in the reader's language: Croatian headers and words (the import takes both).
  const spec = templates[kind];
  const template =
    i18n.language === 'hr'
      ? { headers: spec.columns.map((c) => spec.hr.headers[c] ?? c), example: spec.hr.example }
      : { headers: spec.columns, example: spec.example };

  return (
    <>
      <PageHeader
        title={t('imports.newTitle')}
        subtitle={t('imports.newSubtitle', {
          rows: formatCount(importLimits.rows),
          mb: importLimits.bytes / 1024 / 1024,
        })}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => downloadTemplate(template.headers, template.example, kind)}
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
              <ImportFileInput section="imports" state={picked} />
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
          <ImportDone section="imports" done={done}>
            <Anchor size="sm" renderRoot={(props) => <Link to="/imports/history/$id" params={{ id: String(done.id) }} {...props} />}>
              {t('imports.toRecord')}
            </Anchor>
            <Anchor component={Link} to="/imports/history" size="sm">
              {t('imports.backToHistory')}
            </Anchor>
          </ImportDone>
        ) : (
          result && (
            <ImportPreviewPanel
              key={preview.submittedAt}
              section="imports"
              result={result}
              columns={columns}
              refusedName={`${kind}-refused`}
              canWrite={!!file && content !== null}
              writing={write.isPending}
              writeError={write.error}
              onWrite={() => file && content !== null && write.mutate({ kind, fileName: file.name, ...content, confirm: true })}
              table={(rows) => (
                <ImportRowsTable rows={rows} columns={columns} label={(c) => t(label(c))} caption={t('imports.previewTable')} />
              )}
            />
          )
        )}
      </Stack>
    </>
  );
}
