import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface StatusPageProps {
  title: string;
  text: string;
  icon?: ReactNode;
  action?: ReactNode;
  /** Whole-screen pages (404, chunk failure) fill the viewport; refusals sit inside the layout. */
  fullScreen?: boolean;
}

/** A page that explains why there is nothing else to show, with one way onward. */
export function StatusPage({ title, text, icon, action, fullScreen }: StatusPageProps) {
  useDocumentTitle(`${title} · Kovanica`);
  return (
    <Center mih={fullScreen ? '100vh' : 320} p="xl">
      <Stack align="center" gap="md" maw={520} ta="center">
        {icon}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Center>
  );
}

export function ReloadButton({ label }: { label: string }) {
  return (
    <Button onClick={() => window.location.reload()} variant="filled">
      {label}
    </Button>
  );
}
