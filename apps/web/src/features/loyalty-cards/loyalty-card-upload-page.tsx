import {
  type CardUploadPreview,
  type CardUploadRequest,
  cardUploadColumns,
  cardUploadLimits,
  cardUploadPreview,
  formatCount,
  type ImportRecord,
  type ImportRow,
  importRecord,
} from '@kovanica/contract';
import { Anchor, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { type ImportContent, ImportDone, ImportFileInput, ImportPreviewPanel, useImportFile } from '../../components/import-preview.tsx';
import { downloadRefusedRows, downloadTemplate, ImportRowsTable } from '../../components/import-rows.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { apiRequest } from '../../lib/api.ts';
import { loyaltyOwnersApi } from '../../lib/apis/loyalty-owners.ts';

const k = (key: string) => `cardUpload.${key}`;
/** The template's example row. */
const CARD_EXAMPLE = ['04:A2:2B:91', 'K-0001', 'ana.anic@example.com', 'active', ''];

const upload = <T,>(body: CardUploadRequest, schema: { safeParse(data: unknown): unknown }) =>
  apiRequest<T>('/loyalty-cards/upload', { method: 'POST', body, schema: schema as never });

/**
 * `/loyalty/cards/upload` : the owner and a CSV or XLSX file (sent as `/imports/new`
 * sends it), checked by the server row by row (nothing written), then written on confirmation; the
 * refused rows downloadable with their errors.
 */
export function LoyaltyCardUploadPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [owner, setOwner] = useState<string | null>(null);

  const preview = useMutation({
    mutationFn: (body: CardUploadRequest) => upload<CardUploadPreview>(body, cardUploadPreview),
  });
  const write = useMutation({
    mutationFn: (body: CardUploadRequest) => upload<ImportRecord>(body, importRecord),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['loyalty-cards'] }),
  });

  const check = (nextOwner: string | null, nextFile: File | null, read: ImportContent | null) => {
    write.reset();
    if (!nextOwner || !nextFile || read === null) return preview.reset();
    preview.mutate({ fileName: nextFile.name, ...read, owner: nextOwner, confirm: false });
  };
  const picked = useImportFile('cardUpload', (next, read) => check(owner, next, read));
  const { file, content } = picked;

  const result = preview.data;
  const refusedHeader = { line: t(k('line')), errors: t(k('errors')) };
  const done = write.data;

  return (
    <>
      <PageHeader
        title={t(k('title'))}
        subtitle={t(k('subtitle'), {
          rows: formatCount(cardUploadLimits.rows),
          mb: cardUploadLimits.bytes / 1024 / 1024,
        })}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => downloadTemplate(cardUploadColumns, CARD_EXAMPLE, 'loyalty-cards')}
          >
            {t(k('template'))}
          </Button>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <ReferenceSelect
                api={loyaltyOwnersApi}
                label={t('resources.loyalty-cards.fields.owner')}
                description={t(k('ownerHint'))}
                required
                value={owner}
                onChange={(next) => {
                  setOwner(next);
                  check(next, file, content);
                }}
              />
              <ImportFileInput section="cardUpload" state={picked} />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t(k('columns'))}
            </Text>
          </Stack>
        </Paper>

        {preview.isPending && <Text c="dimmed">{t(k('checking'))}</Text>}
        {preview.isError && <FailureAlert error={preview.error} title={t(k('previewFailed'))} />}

        {done ? (
          <ImportDone section="cardUpload" done={done}>
            <Anchor component={Link} to="/loyalty/cards/list" size="sm">
              {t(k('toList'))}
            </Anchor>
            {done.rowsRefused > 0 && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => downloadRefusedRows(done.refused ?? [], cardUploadColumns, refusedHeader, 'loyalty-cards-refused')}
              >
                {t(k('downloadRefused'))}
              </Button>
            )}
          </ImportDone>
        ) : (
          result && (
            <ImportPreviewPanel
              key={preview.submittedAt}
              section="cardUpload"
              result={result}
              columns={cardUploadColumns}
              refusedName="loyalty-cards-refused"
              canWrite={!!owner && !!file && content !== null}
              writing={write.isPending}
              writeError={write.error}
              onWrite={() => owner && file && content !== null && write.mutate({ fileName: file.name, ...content, owner, confirm: true })}
              table={(rows) => <PreviewTable rows={rows} />}
            />
          )
        )}
      </Stack>
    </>
  );
}

/** The preview: the card's values as the user reads them (the holder's name, the status in their language). */
function PreviewTable({ rows }: { rows: readonly ImportRow[] }) {
  const { t } = useTranslation();
  const label = (column: string) => t(`resources.loyalty-cards.fields.${column === 'holderEmail' ? 'holder' : column}`);
  const status = (value: string | undefined) => {
    if (!value) return t('resources.loyalty-cards.statuses.active');
    const known = ['active', 'blocked', 'lost'].includes(value.toLowerCase());
    return known ? t(`resources.loyalty-cards.statuses.${value.toLowerCase()}`) : value;
  };
  const value = (row: ImportRow, column: string) => {
    if (column === 'holderEmail') return row.holderName ?? row.values.holderEmail;
    if (column === 'status') return status(row.values.status);
    return row.values[column];
  };
  return <ImportRowsTable rows={rows} columns={cardUploadColumns} label={label} caption={t(k('previewTable'))} value={value} />;
}
