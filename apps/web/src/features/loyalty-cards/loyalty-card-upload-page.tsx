import {
  type CardUploadPreview,
  type CardUploadRequest,
  cardUploadColumns,
  cardUploadLimits,
  cardUploadPreview,
  type ImportRecord,
  type ImportRow,
  importRecord,
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
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { apiRequest } from '../../lib/api.ts';
import { CSV_MIME, toCsv } from '../../lib/export/csv.ts';
import { downloadBlob, exportFileName } from '../../lib/export/table.ts';
import { loyaltyOwnersApi } from '../../lib/resources.ts';

const k = (key: string) => `cardUpload.${key}`;
const PAGE = 100;

const upload = <T,>(body: CardUploadRequest, schema: { safeParse(data: unknown): unknown }) =>
  apiRequest<T>('/loyalty-cards/upload', { method: 'POST', body, schema: schema as never });

/** The template: the columns in order, and one example row. */
function downloadTemplate() {
  const csv = toCsv({ header: [...cardUploadColumns], rows: [['04:A2:2B:91', 'K-0001', 'ana.anic@example.com', 'active', '']] });
  downloadBlob(new Blob([csv], { type: CSV_MIME }), 'loyalty-cards-template.csv');
}

/** The refused rows as CSV: their values, their line in the file and the errors in the user's words. */
function downloadRefused(rows: readonly ImportRow[], header: { line: string; errors: string }) {
  const refused = rows.filter((r) => r.errors.length > 0);
  const csv = toCsv({
    header: [...cardUploadColumns, header.line, header.errors],
    rows: refused.map((r) => [...cardUploadColumns.map((c) => r.values[c] ?? ''), r.line, r.errors.map((e) => e.message).join(' ')]),
  });
  downloadBlob(new Blob([csv], { type: CSV_MIME }), exportFileName('loyalty-cards-refused', 'csv'));
}

/**
 * `/loyalty/cards/upload` (issue 13 §2): the owner and a CSV file, checked by the server row by row
 * (nothing written), then written on confirmation; the refused rows downloadable with their errors.
 */
export function LoyaltyCardUploadPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [owner, setOwner] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
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

  const check = (nextOwner: string | null, nextFile: File | null, text: string | null) => {
    write.reset();
    setPage(1);
    if (!nextOwner || !nextFile || text === null) {
      preview.reset();
      return;
    }
    preview.mutate({ fileName: nextFile.name, content: text, owner: nextOwner, confirm: false });
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
    const text = await next.text();
    setContent(text);
    check(owner, next, text);
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
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={downloadTemplate}>
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
                accept=".csv,text/csv"
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
                    onClick={() => downloadRefused(done.refused ?? [], refusedHeader)}
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
                        owner && file && content !== null && write.mutate({ fileName: file.name, content, owner, confirm: true })
                      }
                    >
                      {t(k('write'), { count: result.rowsValid })}
                    </Button>
                    {result.rowsRefused > 0 && (
                      <Button
                        variant="default"
                        leftSection={<IconDownload size={16} aria-hidden />}
                        onClick={() => downloadRefused(result.rows, refusedHeader)}
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

function PreviewTable({ rows }: { rows: readonly ImportRow[] }) {
  const { t } = useTranslation();
  const f = (field: string) => t(`resources.loyalty-cards.fields.${field}`);
  const status = (value: string | undefined) => {
    if (!value) return t('resources.loyalty-cards.statuses.active');
    const known = ['active', 'blocked', 'lost'].includes(value.toLowerCase());
    return known ? t(`resources.loyalty-cards.statuses.${value.toLowerCase()}`) : value;
  };
  return (
    <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={t(k('previewTable'))}>
      <Table withTableBorder verticalSpacing="xs" aria-label={t(k('previewTable'))}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(k('line'))}</Table.Th>
            <Table.Th>{f('uid')}</Table.Th>
            <Table.Th>{f('number')}</Table.Th>
            <Table.Th>{f('holder')}</Table.Th>
            <Table.Th>{f('status')}</Table.Th>
            <Table.Th>{t(k('errors'))}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const bad = row.errors.length > 0;
            const wrong = new Set(row.errors.map((e) => e.field));
            const cell = (fields: string[], value: string | undefined) => {
              const marked = fields.some((field) => wrong.has(field));
              return (
                <Table.Td c={marked ? 'red.9' : undefined} fw={marked ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {value || '–'}
                </Table.Td>
              );
            };
            const reason = row.values.statusReason ? ` · ${row.values.statusReason}` : '';
            return (
              <Table.Tr key={row.line} bg={bad ? 'var(--mantine-color-red-0)' : undefined} data-refused={bad || undefined}>
                <Table.Td>{row.line}</Table.Td>
                {cell(['uid'], row.values.uid)}
                {cell(['number'], row.values.number)}
                {cell(['holderEmail'], row.holderName ?? row.values.holderEmail)}
                {cell(['status', 'statusReason'], `${status(row.values.status)}${reason}`)}
                <Table.Td>
                  {bad ? (
                    <Stack gap={2}>
                      {row.errors.map((e) => (
                        <Text key={`${e.field}-${e.code}`} size="sm" c="red.9">
                          {e.message}
                        </Text>
                      ))}
                    </Stack>
                  ) : (
                    <Text size="sm" c="teal.9">
                      {t(k('ok'))}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
