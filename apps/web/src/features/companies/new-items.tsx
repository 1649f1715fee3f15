import { ActionIcon, Button, Fieldset, Group, SimpleGrid, type SimpleGridProps, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface NewItemsProps<T extends { key: string }> {
  /** The heading above the rows ("New loggers"). */
  title: string;
  /** Said when there are none yet. */
  empty: string;
  /** The list's own error (e.g. a duplicate), under the heading. */
  error?: ReactNode;
  items: readonly T[];
  /** A row's legend and the label of its remove button, by its number from 1. */
  legend: (n: number) => string;
  removeLabel: (n: number) => string;
  addLabel: string;
  cols: SimpleGridProps['cols'];
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The inputs of one row. */
  fields: (item: T, index: number) => ReactNode;
}

/** The wizard's rows of things created with the company (new loggers, new users): each removable, one more added at a time. */
export function NewItems<T extends { key: string }>({
  title,
  empty,
  error,
  items,
  legend,
  removeLabel,
  addLabel,
  cols,
  onAdd,
  onRemove,
  fields,
}: NewItemsProps<T>) {
  return (
    <>
      <Text fw={600} size="sm" component="h3" m={0}>
        {title}
      </Text>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {items.map((item, index) => (
        <Fieldset key={item.key} variant="filled" p={{ base: 'xs', sm: 'md' }} legend={legend(index + 1)}>
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <SimpleGrid cols={cols} flex={1}>
              {fields(item, index)}
            </SimpleGrid>
            <ActionIcon variant="subtle" color="red.8" mt={26} aria-label={removeLabel(index + 1)} onClick={() => onRemove(index)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
    </>
  );
}
