import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type ExportFormat = 'csv' | 'xlsx';

/** The Export button: the filtered list (all its pages) as CSV or XLSX. */
export function ExportMenu({ onExport, busy }: { onExport: (format: ExportFormat) => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy}>
          {t('dataTable.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileText size={16} aria-hidden />} onClick={() => onExport('csv')}>
          {t('dataTable.exportCsv')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => onExport('xlsx')}>
          {t('dataTable.exportXlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
