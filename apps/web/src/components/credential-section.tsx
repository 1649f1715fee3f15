import { formatDateTime } from '@kovanica/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from './failure-alert.tsx';
import { Portlet } from './portlet.tsx';
import { SecretModal } from './secret-modal.tsx';

export interface CredentialSectionProps {
  /**
   * The i18n prefix of the section's texts (`sectionTitle`, `issuedAt`, `none`, `text`, `issue`,
   * `issued`, `confirmTitle`, `confirmText`, `cancel`, `confirm`, `title`, `onceTitle`, `onceText`,
   * `label`, `copy`, `copied`, `done`).
   */
  texts: string;
  /** Who the key is for, as the shown-once dialog names it. */
  subject: string;
  /** When the key in use was issued; null: none yet. */
  issuedAt: string | null;
  canIssue: boolean;
  /** Issues a new key and answers it (the only copy). */
  issue: UseMutationResult<string, Error, void>;
}

/**
 * A machine's credential on its item's page (a card holders' app key, a POS terminal key): whether one
 * is in use and since when, and issuing a new one. A key in use is replaced only after a question,
 * because it stops working at once; the new key is shown once, like a logger's credential.
 */
export function CredentialSection({ texts, subject, issuedAt, canIssue, issue }: CredentialSectionProps) {
  const { t } = useTranslation();
  const k = (key: string) => `${texts}.${key}`;
  const [confirming, { open, close }] = useDisclosure(false);
  const [secret, setSecret] = useState<string | null>(null);

  const run = () =>
    issue.mutate(undefined, {
      onSuccess: (key) => {
        close();
        setSecret(key);
        notifications.show({ color: 'teal', message: t(k('issued')) });
      },
    });
  const cancel = () => {
    close();
    issue.reset();
  };
  const failure = issue.error ? failureText(issue.error, t('errors.genericText')) : null;

  return (
    <Portlet title={t(k('sectionTitle'))}>
      <Stack maw={800} gap="sm">
        <Text size="sm" fw={500}>
          {issuedAt ? t(k('issuedAt'), { date: formatDateTime(issuedAt) }) : t(k('none'))}
        </Text>
        <Text size="sm" c="dimmed">
          {t(k('text'))}
        </Text>
        {!confirming && failure && <FailureAlert>{failure}</FailureAlert>}
        {canIssue && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconKey size={16} aria-hidden />}
              loading={issue.isPending && !confirming}
              onClick={issuedAt ? open : run}
            >
              {t(k('issue'))}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={confirming} onClose={cancel} title={t(k('confirmTitle'))} centered>
        <Text mb="md">{t(k('confirmText'))}</Text>
        {failure && <FailureAlert mb="md">{failure}</FailureAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} data-autofocus>
            {t(k('cancel'))}
          </Button>
          <Button color="red.9" loading={issue.isPending} onClick={run}>
            {t(k('confirm'))}
          </Button>
        </Group>
      </Modal>
      <SecretModal
        secret={secret}
        onDone={() => setSecret(null)}
        texts={{
          title: t(k('title')),
          onceTitle: t(k('onceTitle')),
          onceText: t(k('onceText')),
          subject,
          label: t(k('label')),
          copy: t(k('copy')),
          copied: t(k('copied')),
          done: t(k('done')),
        }}
      />
    </Portlet>
  );
}
