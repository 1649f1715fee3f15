import { type MonthClose, monthReopenInput } from '@kovanica/contract';
import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureText } from '../../components/failure-alert.tsx';
import { schemaValidator, serverFieldErrors } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useCloseMonth, useReopenMonth } from './api.ts';

const k = (key: string) => `monthClose.${key}`;

/**
 * The page keeps the dialog of one month open, not its row: a refusal refreshes the list, and the
 * row's month may then have changed (closed elsewhere) while the dialog still says why it failed.
 */
export type MonthDialog = { action: 'close' | 'reopen'; month: MonthClose; label: string } | null;

/**
 * The confirmation of a close: what closing means (its figures, rent, VAT book and statements stay as
 * they are; later telemetry is counted in the next open month). A refusal (409: something came to
 * wait meanwhile, another accountant closed it) is said in the dialog, in the user's language.
 */
export function CloseMonthDialog({
  month,
  label,
  company,
  onClose,
}: {
  month: MonthClose;
  label: string;
  company: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const closing = useCloseMonth();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(k('closeTitle'), { month: label })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      centered
    >
      <Stack>
        <Text>{t(k('closeText'), { month: label })}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t(k('closeFrozen'))}</List.Item>
          <List.Item>{t(k('closeLater'), { month: label })}</List.Item>
          <List.Item>{t(k('closeReopen'))}</List.Item>
        </List>
        {closing.error && <FailureAlert>{failureText(closing.error, t('errors.genericText'))}</FailureAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={closing.isPending}
            disabled={closing.isError}
            onClick={() => closing.mutate({ month: month.month, company }, { onSuccess: onClose })}
            data-autofocus
          >
            {t(k('closeConfirm'))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const validateReason = schemaValidator<{ reason: string }>(monthReopenInput, currentLanguage);

/**
 * The reopening of the last closed month: what it does, and why (10 to 500 characters, as the
 * contract says; the server's refusal of the reason is shown on the field, in the user's language).
 */
export function ReopenMonthDialog({ month, label, onClose }: { month: MonthClose; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const reopening = useReopenMonth();
  const ownError = validateReason({ reason }).reason;
  const serverError = serverFieldErrors(reopening.error).reason;
  const fieldError = (tried && ownError) || serverError;
  const otherError = reopening.error && !serverError ? reopening.error : null;
  const submit = () => {
    setTried(true);
    if (ownError) return;
    reopening.mutate({ month, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(k('reopenTitle'), { month: label })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      centered
    >
      <Stack>
        <Text>{t(k('reopenText'), { month: label })}</Text>
        <Textarea
          label={t(k('reasonLabel'))}
          description={t(k('reasonHint'))}
          required
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          error={fieldError || undefined}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            if (reopening.isError) reopening.reset();
          }}
          data-autofocus
        />
        {otherError && <FailureAlert>{failureText(otherError, t('errors.genericText'))}</FailureAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red.9" loading={reopening.isPending} disabled={Boolean(otherError)} onClick={submit}>
            {t(k('reopenConfirm'))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
