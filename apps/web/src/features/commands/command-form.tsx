import { type CommandType, commandCreate, type Device, parseIri, validationMessage } from '@kovanica/contract';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../components/failure-alert.tsx';
import { ModalFormFooter } from '../../components/modal-form-footer.tsx';
import { ReferenceSelect } from '../../components/reference-select.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { type FieldErrors, schemaValidator, serverFieldErrors } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { devicesApi, useSendCommand } from './api.ts';

const k = (key: string) => `resources.commands.${key}`;

interface Values {
  /** The device's IRI; null until one is picked. */
  device: string | null;
  reason: string;
}

type FixedDevice = Pick<Device, '@id' | 'id' | 'name'>;

interface CommandModalProps {
  type: CommandType;
  opened: boolean;
  onClose: () => void;
  /** The device the command is for (its edit page); left out, the form asks which. */
  device?: FixedDevice;
}

/**
 * The form that sends a command (a free ride, a reset, service mode on or off), in a modal: the device (unless it is given) and the
 * reason, which is kept with who asked and when. The form is new each time the modal opens.
 */
export function CommandModal({ type, opened, onClose, device }: CommandModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(k(`give.${type}`))}
      centered
      size="md"
      // The close button is an icon: it needs a name (axe: button-name).
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <CommandForm type={type} device={device} onDone={onClose} />
    </Modal>
  );
}

function CommandForm({ type, device, onDone }: { type: CommandType; device?: FixedDevice; onDone: () => void }) {
  const { t } = useTranslation();
  const send = useSendCommand();
  const toInput = (values: Values) => ({ type, reason: values.reason });
  const validateBody = schemaValidator<Values>(commandCreate, currentLanguage, toInput);
  const form = useForm<Values>({
    initialValues: { device: device?.['@id'] ?? null, reason: '' },
    validate: (values): FieldErrors => {
      const errors = validateBody(values);
      if (!values.device) errors.device = validationMessage(currentLanguage(), 'required');
      return errors;
    },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    const deviceId = values.device ? parseIri('devices', values.device) : null;
    if (deviceId === null) return;
    setFailure(null);
    try {
      await send.mutateAsync({ deviceId, body: commandCreate.parse(toInput(values)) });
      form.resetDirty();
      notifications.show({ color: 'teal', message: t(k(`sent.${type}`)) });
      onDone();
    } catch (error) {
      const { type: noLogger, ...fieldErrors } = serverFieldErrors(error);
      // A device without a logger is refused on `type`: it is said at the device, or above the buttons
      // when the device is not a field here.
      if (noLogger && !device) fieldErrors.device = noLogger;
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(noLogger ?? failureText(error, t('errors.genericText')));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={form.isDirty() && !send.isPending} />
      <Stack>
        {device ? (
          <Text>{t(k('forDevice'), { name: device.name })}</Text>
        ) : (
          <ReferenceSelect
            api={devicesApi}
            label={t(k('fields.device'))}
            required
            withAsterisk
            {...form.getInputProps('device')}
            value={form.getValues().device}
          />
        )}
        <Textarea
          label={t(k('fields.reason'))}
          description={t(k('reasonHint'))}
          required
          withAsterisk
          autosize
          minRows={2}
          maxLength={300}
          data-autofocus={device ? true : undefined}
          {...form.getInputProps('reason')}
        />
        <ModalFormFooter failure={failure} saving={send.isPending} submitLabel={t(k(`submit.${type}`))} onCancel={onDone} />
      </Stack>
    </form>
  );
}
