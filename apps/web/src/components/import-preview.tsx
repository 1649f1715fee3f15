import { type ImportFormat, type ImportPreview, type ImportRecord, type ImportRow, importLimits } from '@kovanica/contract';
import { Alert, Badge, Button, FileInput, Group, Pagination, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileUpload } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_FILE_ACCEPT, importFileContent } from '../lib/files.ts';
import { FailureAlert } from './failure-alert.tsx';
import { downloadRefusedRows } from './import-rows.tsx';

// The parts the import screens share (`/imports/new` and the loyalty card upload): the chosen file,
// read as the API takes it, and the preview of the server's check with the write button. Each screen
// names its texts by its i18n section (`imports`, `cardUpload`), which have the same keys.

/** A chosen file as the imports take it: CSV text, or an XLSX workbook as base64. */
export type ImportContent = { content: string; format: ImportFormat };

/**
 * The file input's state: the chosen file, its content once read, and why it was not (too large, in
 * `section`'s words). `onRead` gets the file and its content (both null when there is none to check).
 */
export function useImportFile(section: string, onRead: (file: File | null, content: ImportContent | null) => void) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<ImportContent | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const choose = async (next: File | null) => {
    setFile(next);
    setReadError(null);
    setContent(null);
    if (!next) return onRead(null, null);
    if (next.size > importLimits.bytes) {
      setReadError(t(`${section}.tooLarge`, { max: importLimits.bytes / 1024 / 1024 }));
      return onRead(null, null);
    }
    const read = await importFileContent(next);
    setContent(read);
    onRead(next, read);
  };
  return { file, content, readError, choose };
}

/** The file input of an import screen: CSV or XLSX, with `useImportFile`'s state. */
export function ImportFileInput({ section, state }: { section: string; state: ReturnType<typeof useImportFile> }) {
  const { t } = useTranslation();
  return (
    <FileInput
      label={t(`${section}.file`)}
      description={t(`${section}.fileHint`)}
      placeholder={t(`${section}.filePlaceholder`)}
      // Mantine's placeholder grey is too faint for AA on white: the hint is text to read.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      accept={IMPORT_FILE_ACCEPT}
      clearable
      clearButtonProps={{ 'aria-label': t(`${section}.clearFile`) }}
      required
      value={state.file}
      onChange={(next) => void state.choose(next)}
      leftSection={<IconFileUpload size={16} aria-hidden />}
      error={state.readError}
    />
  );
}

/** What a confirmed import wrote, with the screen's links (`children`) after the counts. */
export function ImportDone({ section, done, children }: { section: string; done: ImportRecord; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="teal"
      icon={<IconCircleCheck size={18} aria-hidden />}
      title={t(`${section}.doneTitle`)}
      role="status"
      // The light alert's teal title is too faint for AA: the title reads in the text colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{t(`${section}.doneText`, { written: done.rowsWritten, read: done.rowsRead, refused: done.rowsRefused })}</Text>
        <Group gap="sm">{children}</Group>
      </Stack>
    </Alert>
  );
}

const PAGE = 100;

interface ImportPreviewPanelProps {
  /** The i18n section of the screen's texts (`imports`, `cardUpload`). */
  section: string;
  result: ImportPreview;
  /** The file's columns, for the refused rows' download. */
  columns: readonly string[];
  /** The refused rows' file name, before its date. */
  refusedName: string;
  canWrite: boolean;
  writing: boolean;
  writeError: unknown;
  onWrite: () => void;
  /** The rows of one page as the screen shows them (`ImportRowsTable` with its labels). */
  table: (rows: readonly ImportRow[]) => ReactNode;
}

/**
 * The preview of a checked file (nothing written yet): the counts, the ignored columns, the write
 * button, the refused rows' download, and the rows a page at a time, all or only those with errors.
 * Give it a new `key` for each check: it starts again on the first page.
 */
export function ImportPreviewPanel({
  section,
  result,
  columns,
  refusedName,
  canWrite,
  writing,
  writeError,
  onWrite,
  table,
}: ImportPreviewPanelProps) {
  const { t } = useTranslation();
  const k = (key: string) => `${section}.${key}`;
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const shown = useMemo(() => (onlyErrors ? result.rows.filter((r) => r.errors.length) : result.rows), [result, onlyErrors]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const refusedHeader = { line: t(k('line')), errors: t(k('errors')) };

  return (
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
        {writeError ? <FailureAlert error={writeError} title={t(k('writeFailed'))} /> : null}
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Button disabled={result.rowsValid === 0 || !canWrite} loading={writing} onClick={onWrite}>
              {t(k('write'), { count: result.rowsValid })}
            </Button>
            {result.rowsRefused > 0 && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => downloadRefusedRows(result.rows, columns, refusedHeader, refusedName)}
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
        {table(shown.slice((page - 1) * PAGE, page * PAGE))}
        {pages > 1 && (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
