import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from './failure-alert.tsx';

/** The end of a form in a modal: a failure that belongs to no field, then Cancel and the submit button. */
export function ModalFormFooter({
  failure,
  saving,
  submitLabel,
  onCancel,
}: {
  failure: string | null;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failure && <FailureAlert>{failure}</FailureAlert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
