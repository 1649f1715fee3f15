import { formatDateTime, type Logger } from '@kovanica/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';
import { useRotateCredential } from './api.ts';
import { CredentialModal, type IssuedCredential } from './credential-modal.tsx';

const k = (key: string) => `resources.loggers.credential.${key}`;

/**
 * When the logger's credential was issued, and its rotation: asked first, because the old credential
 * stops working at once; the new one is shown once, like at creation.
 */
export function CredentialSection({ logger }: { logger: Logger }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const rotate = useRotateCredential(logger.id);
  const [confirming, { open, close }] = useDisclosure(false);
  const [issued, setIssued] = useState<IssuedCredential | null>(null);

  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        close();
        setIssued({ imei: answer.imei, credential: answer.credential });
        notifications.show({ color: 'teal', message: t(k('rotated')) });
      },
    });

  const failure = rotate.error ? failureText(rotate.error, t('errors.genericText')) : null;

  return (
    <Portlet title={t(k('sectionTitle'))}>
      <Stack maw={800} gap="sm">
        <Text size="sm">{t(k('issuedAt'), { date: formatDateTime(logger.credentialIssuedAt) })}</Text>
        <Text size="sm" c="dimmed">
          {t(k('text'))}
        </Text>
        {can('loggers.update') && (
          <Group>
            <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={open}>
              {t(k('rotate'))}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => {
          close();
          rotate.reset();
        }}
        title={t(k('confirmTitle'))}
        centered
      >
        <Text mb="md">{t(k('confirmText'))}</Text>
        {failure && <FailureAlert mb="md">{failure}</FailureAlert>}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              close();
              rotate.reset();
            }}
            data-autofocus
          >
            {t(k('cancel'))}
          </Button>
          <Button color="red.9" loading={rotate.isPending} onClick={confirm}>
            {t(k('confirm'))}
          </Button>
        </Group>
      </Modal>
      <CredentialModal issued={issued} onDone={() => setIssued(null)} />
    </Portlet>
  );
}
