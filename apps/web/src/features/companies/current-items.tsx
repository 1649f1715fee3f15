import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import classes from './company-wizard.module.css';

export interface CurrentItem {
  key: string;
  primary: string;
  secondary?: string;
}

/**
 * What a company already has (users, loggers), shown read-only above what the wizard adds. A long
 * list scrolls in its own box, which takes the keyboard focus so it can be scrolled without a mouse.
 */
export function CurrentItems({ title, empty, items }: { title: string; empty: string; items: CurrentItem[] }) {
  const titleId = useId();
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600} size="sm" component="h3" m={0} id={titleId}>
          {title}
        </Text>
        <Badge variant="light" color="gray" size="sm" aria-hidden>
          {items.length}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
        <section className={classes.current} tabIndex={0} aria-labelledby={titleId}>
          <List size="sm" spacing={2}>
            {items.map((item) => (
              <List.Item key={item.key}>
                {item.primary}
                {item.secondary && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · {item.secondary}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </section>
      )}
    </Stack>
  );
}
