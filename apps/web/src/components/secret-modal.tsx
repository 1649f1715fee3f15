import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The warning over a secret shown once: orange, its title in the text's colour. (With the colour
 * `orange.9`, Mantine filled the band with that shade and wrote the title and icon in nearly the
 * same orange: the title could not be seen; an orange title on the light band reads 3.8:1 at best.)
 */
export function OnceAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle aria-hidden color="var(--mantine-color-orange-9)" />}
      title={title}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {children}
    </Alert>
  );
}

/** The texts of a secret's modal, already translated. */
export interface SecretModalTexts {
  title: string;
  onceTitle: string;
  onceText: string;
  /** Whose secret it is ("Logger with IMEI …"). */
  subject: string;
  label: string;
  copy: string;
  copied: string;
  done: string;
}

/**
 * Shows a secret the server returns only once (a logger's credential, a POS terminal's key). The
 * modal closes only through its button, so a stray click or Escape cannot lose the only copy before
 * the user has stored it.
 */
export function SecretModal({ secret, texts, onDone }: { secret: string | null; texts: SecretModalTexts; onDone: () => void }) {
  return (
    <Modal
      opened={secret !== null}
      onClose={onDone}
      title={texts.title}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
    >
      {secret !== null && (
        <Stack>
          <OnceAlert title={texts.onceTitle}>{texts.onceText}</OnceAlert>
          <Text size="sm">{texts.subject}</Text>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            {/* A textarea wraps the whole secret on a phone, where a single line would cut it off. */}
            <Textarea
              label={texts.label}
              value={secret}
              readOnly
              autosize
              minRows={1}
              flex={1}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={secret} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? texts.copied : texts.copy} withArrow>
                  <ActionIcon
                    mt={24}
                    size="input-sm"
                    variant={copied ? 'filled' : 'default'}
                    color={copied ? 'teal.9' : undefined}
                    onClick={copy}
                    aria-label={copied ? texts.copied : texts.copy}
                  >
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onDone} data-autofocus>
              {texts.done}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
