import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface IssuedCredential {
  imei: string;
  credential: string;
}

/**
 * Shows a logger's ingestion credential, which the server returns only once (at creation and at each
 * rotation). The modal closes only through its button, so a stray click or Escape cannot lose the only
 * copy before the user has stored it.
 */
export function CredentialModal({ issued, onDone }: { issued: IssuedCredential | null; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={issued !== null}
      onClose={onDone}
      title={t('resources.loggers.credential.title')}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
    >
      {issued && (
        <Stack>
          <Alert color="orange.9" icon={<IconAlertTriangle aria-hidden />} title={t('resources.loggers.credential.onceTitle')}>
            {t('resources.loggers.credential.onceText')}
          </Alert>
          <Text size="sm">{t('resources.loggers.credential.forImei', { imei: issued.imei })}</Text>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            {/* A textarea wraps the whole credential on a phone, where a single line would cut it off. */}
            <Textarea
              label={t('resources.loggers.credential.label')}
              value={issued.credential}
              readOnly
              autosize
              minRows={1}
              flex={1}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={issued.credential} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('resources.loggers.credential.copied') : t('resources.loggers.credential.copy')} withArrow>
                  <ActionIcon
                    mt={24}
                    size="input-sm"
                    variant={copied ? 'filled' : 'default'}
                    color={copied ? 'teal.9' : undefined}
                    onClick={copy}
                    aria-label={copied ? t('resources.loggers.credential.copied') : t('resources.loggers.credential.copy')}
                  >
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onDone} data-autofocus>
              {t('resources.loggers.credential.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
