import {
  type CardUploadPreview,
  type CardUploadRequest,
  cardUploadColumns,
  cardUploadLimits,
  cardUploadPreview,
  type ImportFormat,
  type ImportRecord,
  type ImportRow,
  importRecord,
} from '@kovanica/contract';
import { Alert, Anchor, Badge, Button, FileInput, Group, Pagination, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { downloadRefusedRows, downloadTemplate, ImportRowsTable } from '../../components/import-rows.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { apiRequest } from '../../lib/api.ts';
import { IMPORT_FILE_ACCEPT, importFileContent } from '../../lib/files.ts';
import { loyaltyOwnersApi } from '../../lib/resources.ts';

const k = (key: string) => `cardUpload.${key}`;
const PAGE = 100;
/** The template's example row. */
const CARD_EXAMPLE = ['04:A2:2B:91', 'K-0001', 'ana.anic@example.com', 'active', ''];

const upload = <T,>(body: CardUploadRequest, schema: { safeParse(data: unknown): unknown }) =>
  apiRequest<T>('/loyalty-cards/upload', { method: 'POST', body, schema: schema as never });

/**
 * `/loyalty/cards/upload` (issue 13 §2): the owner and a CSV or XLSX file (sent as `/imports/new`
 * sends it), checked by the server row by row
 * (nothing written), then written on confirmation; the refused rows downloadable with their errors.
 */
export function LoyaltyCardUploadPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [owner, setOwner] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<{ content: string; format: ImportFormat } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);

  const preview = useMutation({
    mutationFn: (body: CardUploadRequest) => upload<CardUploadPreview>(body, cardUploadPreview),
  });
  const write = useMutation({
    mutationFn: (body: CardUploadRequest) => upload<ImportRecord>(body, importRecord),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['loyalty-cards'] }),
  });

  const check = (nextOwner: string | null, nextFile: File | null, read: typeof content) => {
    write.reset();
    setPage(1);
    if (!nextOwner || !nextFile || read === null) {
      preview.reset();
      return;
    }
    preview.mutate({ fileName: nextFile.name, ...read, owner: nextOwner, confirm: false });
  };

  const choose = async (next: File | null) => {
    setFile(next);
    setReadError(null);
    setContent(null);
    if (!next) return check(owner, null, null);
    if (next.size > cardUploadLimits.bytes) {
      setReadError(t(k('tooLarge'), { max: cardUploadLimits.bytes / 1024 / 1024 }));
      return check(owner, null, null);
    }
    const read = await importFileContent(next);
    setContent(read);
    check(owner, next, read);
  };

  const result = preview.data;
  const shown = useMemo(
    () => (result ? (onlyErrors ? result.rows.filter((r) => r.errors.length) : result.rows) : []),
    [result, onlyErrors],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const visible = shown.slice((page - 1) * PAGE, page * PAGE);
  const refusedHeader = { line: t(k('line')), errors: t(k('errors')) };
  const done = write.data;

  return (
    <>
      <PageHeader
        title={t(k('title'))}
        subtitle={t(k('subtitle'), {
          rows: cardUploadLimits.rows.toLocaleString(i18n.language === 'hr' ? 'hr-HR' : 'en-GB'),
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
              <FileInput
                label={t(k('file'))}
                description={t(k('fileHint'))}
                placeholder={t(k('filePlaceholder'))}
                // Mantine's placeholder grey is too faint for AA on white: the hint is text to read.
                styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
                accept={IMPORT_FILE_ACCEPT}
                clearable
                clearButtonProps={{ 'aria-label': t(k('clearFile')) }}
                required
                value={file}
                onChange={(next) => void choose(next)}
                leftSection={<IconFileUpload size={16} aria-hidden />}
                error={readError}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t(k('columns'))}
            </Text>
          </Stack>
        </Paper>

        {preview.isPending && <Text c="dimmed">{t(k('checking'))}</Text>}
        {preview.isError && <FailureAlert error={preview.error} title={t(k('previewFailed'))} />}

        {done ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={t(k('doneTitle'))}
            role="status"
            // The light alert's teal title is too faint for AA: the title reads in the text colour.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <Stack gap="xs">
              <Text size="sm">{t(k('doneText'), { written: done.rowsWritten, read: done.rowsRead, refused: done.rowsRefused })}</Text>
              <Group gap="sm">
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
              </Group>
            </Stack>
          </Alert>
        ) : (
          result && (
            <Paper withBorder p="md">
              <Stack gap="md">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4">
                    {t(k('previewTitle'), { file: result.fileName })}
                  </Title>
                  <Group gap="xs">
                    <Badge variant="filled" color="gray.7">
                      {t(k('read'), { count: result.rowsRead })}
                    </Badge>
                    <Badge variant="filled" color="teal.9">
                      {t(k('valid'), { count: result.rowsValid })}
                    </Badge>
                    <Badge variant="filled" color={result.rowsRefused ? 'red.9' : 'gray.7'}>
                      {t(k('refused'), { count: result.rowsRefused })}
                    </Badge>
                  </Group>
                </Group>
                {result.ignoredColumns.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {t(k('ignored'), { columns: result.ignoredColumns.join(', ') })}
                  </Text>
                )}
                <Text size="sm">{t(k('nothingWritten'))}</Text>
                {write.isError && <FailureAlert error={write.error} title={t(k('writeFailed'))} />}
                <Group justify="space-between" wrap="wrap">
                  <Group gap="sm" wrap="wrap">
                    <Button
                      disabled={result.rowsValid === 0 || !owner || !file || content === null}
                      loading={write.isPending}
                      onClick={() =>
                        owner && file && content !== null && write.mutate({ fileName: file.name, ...content, owner, confirm: true })
                      }
                    >
                      {t(k('write'), { count: result.rowsValid })}
                    </Button>
                    {result.rowsRefused > 0 && (
                      <Button
                        variant="default"
                        leftSection={<IconDownload size={16} aria-hidden />}
                        onClick={() => downloadRefusedRows(result.rows, cardUploadColumns, refusedHeader, 'loyalty-cards-refused')}
                      >
                        {t(k('downloadRefused'))}
                      </Button>
                    )}
                  </Group>
                  <Switch
                    label={t(k('onlyErrors'))}
                    checked={onlyErrors}
                    onChange={(e) => {
                      setOnlyErrors(e.currentTarget.checked);
                      setPage(1);
                    }}
                  />
                </Group>
                <PreviewTable rows={visible} />
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
