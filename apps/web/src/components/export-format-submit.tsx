import type { ExportFormat } from '@kovanica/contract';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The foot of an export form: the file's format and the button that asks for it (`/exports/generate`, `/finance-report/export`). */
export function ExportFormatSubmit<F extends ExportFormat>({
  formats,
  format,
  onFormat,
  pending,
  disabled,
}: {
  formats: readonly F[];
  format: F;
  onFormat: (format: F) => void;
  pending: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" mt="md" gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="export-format-label">
          {t('exports.format')}
        </Text>
        <SegmentedControl
          aria-labelledby="export-format-label"
          data={formats.map((f) => ({ value: f, label: t(`exports.formats.${f}`) }))}
          value={format}
          onChange={(value) => onFormat(formats.find((f) => f === value) ?? format)}
        />
      </Stack>
      <Button type="submit" leftSection={<IconDownload size={18} aria-hidden />} loading={pending} disabled={disabled}>
        {t('exports.submit')}
      </Button>
    </Group>
  );
}
