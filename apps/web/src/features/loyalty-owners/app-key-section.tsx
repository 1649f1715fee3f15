import { formatDateTime, type LoyaltyOwner, loyaltyOwnerAppKey } from '@kovanica/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { SecretModal } from '../../components/secret-modal.tsx';
import { useAccess } from '../../lib/access.ts';
import { apiRequest } from '../../lib/api.ts';
import { loyaltyOwnersApi } from '../../lib/resources.ts';

const k = (key: string) => `resources.loyalty-owners.appKey.${key}`;

/** Issues the card holders' app a new key; the old one stops working at once. The answer is the only copy. */
function useIssueAppKey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/loyalty-owners/${id}/app-key`, { method: 'POST', schema: loyaltyOwnerAppKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loyaltyOwnersApi.keys.all }),
  });
}

/**
 * Whether the card holders' app of this programme has a key, since when, and issuing a new one:
 * asked first when one exists (the app stops working until it has the new one); the key is shown
 * once, like a logger's credential.
 */
export function AppKeySection({ owner }: { owner: LoyaltyOwner }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const issue = useIssueAppKey(owner.id);
  const [confirming, { open, close }] = useDisclosure(false);
  const [secret, setSecret] = useState<string | null>(null);

  const run = () =>
    issue.mutate(undefined, {
      onSuccess: (answer) => {
        close();
        setSecret(answer.appKey);
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
          {owner.appKeyIssuedAt ? t(k('issuedAt'), { date: formatDateTime(owner.appKeyIssuedAt) }) : t(k('none'))}
        </Text>
        <Text size="sm" c="dimmed">
          {t(k('text'))}
        </Text>
        {!confirming && failure && <FailureAlert>{failure}</FailureAlert>}
        {can('loyalty-owners.update') && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconKey size={16} aria-hidden />}
              loading={issue.isPending && !confirming}
              onClick={owner.hasAppKey ? open : run}
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
          subject: t(k('forOwner'), { name: owner.name }),
          label: t(k('label')),
          copy: t(k('copy')),
          copied: t(k('copied')),
          done: t(k('done')),
        }}
      />
    </Portlet>
  );
}
