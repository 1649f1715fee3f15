import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** The one h1 of a page, with an optional subtitle and actions; it also names the browser tab. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(`${title} · Kovanica`);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      {/* Buttons are no use on paper; on screen the wrapper leaves the layout as it is. */}
      {actions && (
        <div data-no-print style={{ display: 'contents' }}>
          {actions}
        </div>
      )}
    </Group>
  );
}
