import type { ImportRow } from '@kovanica/contract';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CSV_MIME, toCsv } from '../lib/export/csv.ts';
import { downloadBlob, exportFileName } from '../lib/export/table.ts';

/**
 * The rows of an import (its preview, or the refused rows in the history): the line in the file, the
 * values of each column, and the errors in the user's language; a field with an error is marked.
 * `label` names a column (the kind's field labels); the loyalty card upload shows its preview here too.
 */
export function ImportRowsTable({
  rows,
  columns,
  label,
  caption,
  value = (row, column) => row.values[column],
}: {
  rows: readonly ImportRow[];
  columns: readonly string[];
  label: (column: string) => string;
  caption: string;
  /** A cell as the user reads it (a status in their language, a holder's name); by default the file's value. */
  value?: (row: ImportRow, column: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer
      minWidth={Math.max(560, 140 * (columns.length + 2))}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table withTableBorder verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('imports.line')}</Table.Th>
            {/* The errors first: on a narrow screen they are what to read, the values scroll. */}
            <Table.Th>{t('imports.errors')}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c}>{label(c)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const bad = row.errors.length > 0;
            const wrong = new Set(row.errors.map((e) => e.field));
            return (
              <Table.Tr key={row.line} bg={bad ? 'var(--mantine-color-red-0)' : undefined} data-refused={bad || undefined}>
                <Table.Td>{row.line}</Table.Td>
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
                      {t('imports.ok')}
                    </Text>
                  )}
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td
                    key={c}
                    c={wrong.has(c) ? 'red.9' : undefined}
                    fw={wrong.has(c) ? 600 : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {value(row, c) || '–'}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The refused rows as CSV: the file's columns (fix them and upload again), the line and the errors in the user's words. */
export function downloadRefusedRows(
  rows: readonly ImportRow[],
  columns: readonly string[],
  header: { line: string; errors: string },
  name: string,
) {
  const refused = rows.filter((r) => r.errors.length > 0);
  const csv = toCsv({
    header: [...columns, header.line, header.errors],
    rows: refused.map((r) => [...columns.map((c) => r.values[c] ?? ''), r.line, r.errors.map((e) => e.message).join(' ')]),
  });
  downloadBlob(new Blob([csv], { type: CSV_MIME }), exportFileName(name, 'csv'));
}

/** A kind's template: its columns in order and one example row. */
export function downloadTemplate(columns: readonly string[], example: readonly string[], name: string) {
  downloadBlob(new Blob([toCsv({ header: [...columns], rows: [[...example]] })], { type: CSV_MIME }), `${name}-template.csv`);
}
