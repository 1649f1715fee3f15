import { formatDateTime, type PosWorker, type PosWorkerPin, posWorkerPin } from '@kovanica/contract';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ModalFormFooter } from '../../components/modal-form-footer.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { useAccess } from '../../lib/access.ts';
import { useResourceForm } from '../../lib/forms.ts';
import { useSetPin } from './api.ts';

const k = (key: string) => `resources.pos-workers.pin.${key}`;

/**
 * The worker's PIN for the POS terminal: when it was set, a lockout after wrong PINs, and setting a
 * new one (which also lifts the lockout). The PIN itself is never shown: the server keeps only its hash.
 */
export function PinSection({ worker }: { worker: PosWorker }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [opened, { open, close }] = useDisclosure(false);

  return (
    <Portlet title={t(k('sectionTitle'))}>
      <Stack maw={800} gap="sm">
        <Text size="sm">{worker.pinSetAt ? t(k('setAt'), { date: formatDateTime(worker.pinSetAt) }) : t(k('none'))}</Text>
        {worker.lockedUntil && (
          <Text size="sm" c="red.9" fw={600}>
            {t(k('lockedUntil'), { date: formatDateTime(worker.lockedUntil) })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t(k('text'))}
        </Text>
        {can('pos-workers.update') && (
          <Group>
            <Button variant="default" leftSection={<IconLock size={16} aria-hidden />} onClick={open}>
              {t(k('set'))}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={opened} onClose={close} title={t(k('modalTitle'), { name: `${worker.name} ${worker.surname}` })} centered>
        {opened && <PinForm worker={worker} onDone={close} />}
      </Modal>
    </Portlet>
  );
}

function PinForm({ worker, onDone }: { worker: PosWorker; onDone: () => void }) {
  const { t } = useTranslation();
  const setPin = useSetPin(worker.id);
  const { form, submit, failure, saving } = useResourceForm<{ pin: string }, PosWorker, never, PosWorkerPin>({
    item: worker,
    valuesOf: () => ({ pin: '' }),
    update: {
      schema: posWorkerPin,
      toInput: (v: { pin: string }) => ({ pin: v.pin.trim() }),
      mutation: {
        isPending: setPin.isPending,
        mutateAsync: async (body: PosWorkerPin) => {
          const saved = await setPin.mutateAsync(body);
          onDone();
          return saved;
        },
      },
    },
    messages: { saved: t(k('saved')) },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PasswordInput
          label={t('resources.pos-workers.fields.pin')}
          description={t('resources.pos-workers.pinHint')}
          required
          withAsterisk
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={8}
          data-autofocus
          {...form.getInputProps('pin')}
        />
        <ModalFormFooter failure={failure} saving={saving} submitLabel={t(k('submit'))} onCancel={onDone} />
      </Stack>
    </form>
  );
}
