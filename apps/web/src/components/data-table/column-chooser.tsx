import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from './types.ts';

interface ColumnChooserProps<T> {
  columns: readonly Column<T>[];
  isVisible: (column: Column<T>) => boolean;
  setVisible: (key: string, visible: boolean) => void;
  reset: () => void;
}

/** A menu of checkboxes, one per column. The last visible column cannot be hidden: a table needs one. */
export function ColumnChooser<T>({ columns, isVisible, setVisible, reset }: ColumnChooserProps<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const visibleCount = columns.filter(isVisible).length;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          {t('dataTable.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Stack gap="xs">
          <Text fw={600} size="sm" id={titleId}>
            {t('dataTable.visibleColumns')}
          </Text>
          {columns.map((column) => {
            const checked = isVisible(column);
            return (
              <Checkbox
                key={column.key}
                label={t(column.label)}
                checked={checked}
                disabled={checked && visibleCount === 1}
                onChange={(event) => setVisible(column.key, event.currentTarget.checked)}
              />
            );
          })}
          <Button variant="subtle" size="xs" onClick={reset}>
            {t('dataTable.resetColumns')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
