import { formatDateTime, type PosLocation } from '@kovanica/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { SecretModal } from '../../components/secret-modal.tsx';
import { useAccess } from '../../lib/access.ts';
import { useIssueTerminalKey } from './api.ts';

const k = (key: string) => `resources.pos-locations.terminalKey.${key}`;

/**
 * The POS terminal's credential: when it was issued, and issuing a new one. A key already issued is
 * replaced only after a question, because it stops working at once; the new key is shown once.
 */
export function TerminalKeySection({ location }: { location: PosLocation }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const issue = useIssueTerminalKey(location.id);
  const [confirming, { open, close }] = useDisclosure(false);
  const [issued, setIssued] = useState<string | null>(null);

  const run = () =>
    issue.mutate(undefined, {
      onSuccess: (answer) => {
        close();
        setIssued(answer.terminalKey);
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
        <Text size="sm">
          {location.terminalKeyIssuedAt ? t(k('issuedAt'), { date: formatDateTime(location.terminalKeyIssuedAt) }) : t(k('none'))}
        </Text>
        <Text size="sm" c="dimmed">
          {t(k('text'))}
        </Text>
        {failure && !confirming && <FailureAlert>{failure}</FailureAlert>}
        {can('pos-locations.update') && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconKey size={16} aria-hidden />}
              loading={issue.isPending && !confirming}
              onClick={location.terminalKeyIssuedAt ? open : run}
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
        secret={issued}
        onDone={() => setIssued(null)}
        texts={{
          title: t(k('title')),
          onceTitle: t(k('onceTitle')),
          onceText: t(k('onceText')),
          subject: t(k('forLocation'), { name: location.name }),
          label: t(k('label')),
          copy: t(k('copy')),
          copied: t(k('copied')),
          done: t(k('done')),
        }}
      />
    </Portlet>
  );
}
