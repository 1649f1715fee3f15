import { ActionIcon, Button, CopyButton, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { WarningAlert } from './warning-alert.tsx';

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
          <WarningAlert title={texts.onceTitle}>{texts.onceText}</WarningAlert>
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
