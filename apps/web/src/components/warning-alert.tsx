import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The one orange warning with a title (a secret shown once, a bill CIS has not fiscalized yet): the
 * light orange band, its title in the text's colour, the icon in a dark orange. An orange title on
 * that band reads 3.8:1 at best; and with a shade as its colour (`orange.9`) Mantine filled the band
 * with it and wrote the title in nearly the same orange, which could not be seen at all.
 */
export function WarningAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden color="var(--mantine-color-orange-9)" />}
      title={title}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {children}
    </Alert>
  );
}
